import { mkdirSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import {
  backupsDirOf,
  listBackups,
  moveAside,
  type PgliteHandle,
  readBackup,
  takeBackup,
} from './pglite-backup';
import { lockDataDir } from './pglite-lock';

export type DbLog = (level: 'info' | 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => void;

export interface PgliteCare {
  /** How often a consistent copy is kept (0: never). */
  backupEveryMs: number;
  /** Copies kept, newest first. */
  backupsKept: number;
  log: DbLog;
}

/**
 * A CHECKPOINT this often: PGlite runs PostgreSQL in single-user mode, with no checkpointer process,
 * so without one the WAL a crash must replay grows from the last clean close; replaying a long WAL
 * is where reported reopen failures cluster. A checkpoint bounds it to a few minutes of writes.
 */
const CHECKPOINT_EVERY_MS = 5 * 60_000;
/** The first copy after start waits so that it does not slow the start itself. */
const FIRST_BACKUP_AFTER_MS = 15_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Opens PGlite on a folder so that a crash never leaves it unopenable: a lock keeps a second process
 * off the folder (pglite-lock.ts), orderly checkpoints keep crash recovery short, and a folder that
 * still does not open is moved aside and the newest consistent copy (pglite-backup.ts) is opened in
 * its place, saying so in the log. `create` is PGlite.create with the app's extensions.
 */
export async function openPgliteFolder<P extends PgliteHandle>(
  dir: string,
  create: (dir: string, loadDataDir?: Blob) => Promise<P>,
  care: PgliteCare,
): Promise<{ client: P; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(`${dir}.lock`);
  let client: P;
  try {
    client = await openOrRestore(dir, create, care.log);
  } catch (err) {
    release();
    throw err;
  }
  const checkpoint = () =>
    void client
      .exec('CHECKPOINT')
      .catch((err) => care.log('warn', 'checkpoint failed', { error: errorText(err) }));
  const backup = () =>
    void takeBackup(client, dir, care.backupsKept)
      .then((file) => care.log('info', 'database backup written', { file }))
      .catch((err) => care.log('warn', 'database backup failed', { error: errorText(err) }));
  const timers: NodeJS.Timeout[] = [setInterval(checkpoint, CHECKPOINT_EVERY_MS).unref()];
  if (care.backupEveryMs > 0) {
    const newest = listBackups(dir)[0];
    const age = newest ? Date.now() - statSync(newest).mtimeMs : Number.POSITIVE_INFINITY;
    if (age >= care.backupEveryMs) timers.push(setTimeout(backup, FIRST_BACKUP_AFTER_MS).unref());
    timers.push(setInterval(backup, care.backupEveryMs).unref());
  }
  return {
    client,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openOrRestore<P extends PgliteHandle>(
  dir: string,
  create: (dir: string, loadDataDir?: Blob) => Promise<P>,
  log: DbLog,
): Promise<P> {
  try {
    return await create(dir);
  } catch (err) {
    const backups = listBackups(dir);
    if (!backups.length)
      throw new Error(
        `The database folder ${dir} does not open (${errorText(err)}) and there is no backup in ` +
          `${backupsDirOf(dir)}. Move the folder aside to start with an empty database.`,
        { cause: err },
      );
    const aside = moveAside(dir);
    log('error', 'the database folder does not open; it was moved aside', {
      error: errorText(err),
      movedTo: aside,
    });
    for (const file of backups) {
      mkdirSync(dir, { recursive: true });
      try {
        const client = await create(dir, readBackup(file));
        log(
          'warn',
          'database restored from its newest backup: writes made after it are in the folder moved aside',
          {
            backup: basename(file),
            movedTo: aside,
          },
        );
        return client;
      } catch (restoreErr) {
        log('error', 'a backup did not open; trying an older one', {
          backup: file,
          error: errorText(restoreErr),
        });
        rmSync(dir, { recursive: true, force: true });
      }
    }
    throw new Error(
      `The database folder ${dir} does not open and no backup opened; the folder is kept at ${aside}`,
      {
        cause: err,
      },
    );
  }
}
