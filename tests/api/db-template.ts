import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { MIGRATIONS_DIR } from '../../src/server/paths';

/**
 * One migrated PGlite data directory per set of migrations, made once by vitest's global setup and
 * loaded by every API test file: creating a PGlite runs initdb in WebAssembly and then every
 * migration, seconds per file, while loading a copy skips both. The name carries a hash of the
 * migrations, so a changed or added migration makes a new template and a stale one is never used.
 */

const TMP = join(import.meta.dirname, '..', '..', '.tmp');

export function templatePath(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = join(MIGRATIONS_DIR, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  return join(TMP, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the template when it is missing (written under a temporary name, then renamed whole). */
export async function buildTemplate(): Promise<void> {
  const path = templatePath();
  if (existsSync(path)) return;
  mkdirSync(TMP, { recursive: true });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

let cached: { path: string; blob: Blob } | null = null;

/** The template as a Blob for `openDatabase`, or undefined when there is none (a fresh database). */
export function readTemplate(): Blob | undefined {
  const path = templatePath();
  if (cached?.path === path) return cached.blob;
  if (!existsSync(path)) return undefined;
  cached = { path, blob: new Blob([readFileSync(path)]) };
  return cached.blob;
}
