import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { listBackups, takeBackup } from '../../src/server/db/pglite-backup';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/pglite-lock';
import { type DbLog, openPgliteFolder } from '../../src/server/db/pglite-open';

const root = mkdtempSync(join(tmpdir(), 'flowlearn-recovery-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const create = (dir: string, loadDataDir?: Blob) => PGlite.create(dir, { loadDataDir });

describe('[DB] a folder that does not open', () => {
  it('is moved aside and the newest backup opened in its place, saying so in the log', async () => {
    const dir = join(root, 'db');
    const said: { level: string; msg: string }[] = [];
    const log: DbLog = (level, msg) => said.push({ level, msg });
    const care = { backupEveryMs: 0, backupsKept: 2, log };
    const first = await openPgliteFolder(dir, create, care);
    await first.client.exec("create table notes (body text); insert into notes values ('kept')");
    await takeBackup(first.client, dir, 2);
    await first.client.exec("insert into notes values ('after the backup')");
    await first.close();
    expect(listBackups(dir)).toHaveLength(1);
    // What a broken folder looks like to PostgreSQL: a control file that is not one.
    writeFileSync(join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));

    const again = await openPgliteFolder(dir, create, care);
    try {
      const rows = await again.client.query<{ body: string }>('select body from notes order by body');
      expect(rows.rows.map((r) => r.body)).toEqual(['kept']);
    } finally {
      await again.close();
    }
    expect(said.map((s) => s.level)).toEqual(['error', 'warn']);
    expect(said[1].msg).toContain('restored from its newest backup');
    const aside = readdirSync(root).filter((f) => f.startsWith('db.broken-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
  }, 240_000);

  it('is not opened beside a live holder, and a stale lock (dead process) is taken over', () => {
    const lock = join(root, 'other.lock');
    // The test runner's parent is alive and is not this process.
    writeFileSync(lock, `${process.ppid}\n${hostname()}\n`);
    expect(() => lockDataDir(lock)).toThrow(DataDirInUseError);
    // A process id that cannot be alive (above pid_max) is stale.
    writeFileSync(lock, `99999999\n${hostname()}\n`);
    const release = lockDataDir(lock);
    expect(readFileSync(lock, 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });
});
