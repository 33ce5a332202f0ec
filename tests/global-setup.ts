import { buildTemplate } from './api/db-template';

/** Once per vitest run, before any test file: the migrated PGlite every API test file starts from. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await buildTemplate();
}
