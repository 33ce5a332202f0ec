import type { AiProvider } from '../../src/server/adapters/ai/ai';
import { createOfflineProvider } from '../../src/server/adapters/ai/offline';
import { createMailAdapter } from '../../src/server/adapters/mail/mail';
import type { FileStorage } from '../../src/server/adapters/storage/storage';
import { insertUser } from '../../src/server/auth/auth.repo';
import { createTokenService } from '../../src/server/auth/tokens';
import { type Database, openDatabase } from '../../src/server/db/client';
import { readEnv, type TEnv } from '../../src/server/env';
import type { AppDeps } from '../../src/server/http/context';
import { createLogger } from '../../src/server/http/logger';
import type { BenchRow } from './bench';

/** A file storage that keeps nothing: benches that never upload need no files on disk. */
export const noFiles: FileStorage = {
  kind: 'local',
  put: async () => {},
  get: async () => null,
  delete: async () => {},
};

interface BenchDepsOptions {
  /** Extra variables over the quiet test environment (AI_BASE_URL…). */
  env?: Record<string, string>;
  /** The AI provider; the offline one unless given. */
  ai?: (env: TEnv) => AiProvider;
  storage?: FileStorage;
}

/** What createApp needs for a bench: a silent test environment over the given database. */
export async function benchDeps(database: Database, options: BenchDepsOptions = {}): Promise<AppDeps> {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'x'.repeat(40),
    ...options.env,
  });
  const logger = createLogger('silent');
  const tokens = await createTokenService(database.db, env);
  const deps: AppDeps = {
    env,
    database,
    logger,
    tokens,
    mail: createMailAdapter(env, database.db, logger),
    ai: options.ai ? options.ai(env) : createOfflineProvider(),
  };
  if (options.storage) deps.storage = options.storage;
  return deps;
}

/** A verified user without a password and a bearer token for them. */
export async function benchUser(deps: AppDeps, email: string, fullname: string) {
  const user = await insertUser(deps.database.db, {
    email,
    passwordHash: null,
    fullname,
    emailVerified: true,
  });
  if (!user) throw new Error('bench user');
  const { token } = await deps.tokens.sign({ userId: user.id, email: user.email });
  return { user, token };
}

type Measure = (database: Database, engine: string) => Promise<BenchRow[]>;

/** Runs on a throwaway PostgreSQL (emptied before and after), when TEST_DATABASE_URL names one. */
export async function onPostgres(measure: Measure): Promise<BenchRow[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return [];
  const pg = await openDatabase({ url });
  try {
    await pg.truncateAll();
    return await measure(pg, 'PostgreSQL');
  } finally {
    await pg.truncateAll();
    await pg.close();
  }
}

/** Runs on PGlite in memory. */
export async function onPglite(measure: Measure): Promise<BenchRow[]> {
  const pglite = await openDatabase({ pgliteDir: 'memory://' });
  try {
    return await measure(pglite, 'PGlite');
  } finally {
    await pglite.close();
  }
}
