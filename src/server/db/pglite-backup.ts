import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Consistent copies of the embedded database, kept beside its folder (`<dir>-backups/`), for the
 * one case WAL replay cannot handle: a folder that no longer opens. A copy is taken after a
 * CHECKPOINT, with PGlite's query lock held (dumpDataDir), so no statement is half-applied in it;
 * it is written to a temporary name and renamed, so a crash while writing leaves the older copies.
 */
/**
 * What this file needs of a PGlite instance (only client.ts imports PGlite itself): a statement to
 * run, the folder as a tar archive (taken under PGlite's query lock), and its close.
 */
export interface PgliteHandle {
  exec(query: string): Promise<unknown>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

export const backupsDirOf = (dataDir: string) => `${dataDir}-backups`;
const PREFIX = 'db-';
const SUFFIX = '.tar';

/** Copies, newest first (names sort by time: db-<ISO time with ':' as '-'>.tar). */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDirOf(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX))
    .sort()
    .reverse()
    .map((f) => join(dir, f));
}

export async function takeBackup(
  client: PgliteHandle,
  dataDir: string,
  keep: number,
  now = new Date(),
): Promise<string> {
  const dir = backupsDirOf(dataDir);
  mkdirSync(dir, { recursive: true });
  await client.exec('CHECKPOINT');
  const tar = await client.dumpDataDir('none');
  const file = join(dir, `${PREFIX}${now.toISOString().replace(/:/g, '-')}${SUFFIX}`);
  writeFileSync(`${file}.partial`, new Uint8Array(await tar.arrayBuffer()));
  renameSync(`${file}.partial`, file);
  for (const old of listBackups(dataDir).slice(keep)) rmSync(old, { force: true });
  return file;
}

/** The newest copy's bytes, for PGlite.create's `loadDataDir` (into an empty folder). */
export function readBackup(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

/** Moves a folder that does not open aside (kept for inspection, never deleted); returns where. */
export function moveAside(dataDir: string, now = new Date()): string {
  const to = `${dataDir}.broken-${now.toISOString().replace(/:/g, '-')}`;
  renameSync(dataDir, to);
  return to;
}
