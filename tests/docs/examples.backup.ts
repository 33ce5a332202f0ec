import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { docCommands } from './commands';
import { freePort, shell } from './examples.util';

type StartSignInStop = (command: string, env: NodeJS.ProcessEnv, port: number) => Promise<string>;

const shown = (start: string) => {
  const found = docCommands().find((c) => c.command.startsWith(start));
  if (!found) throw new Error(`the docs no longer show ${start}`);
  return found.command;
};

/**
 * docs/operations.md's backup, as an operator runs it: the app makes a PostgreSQL database, the
 * docs' `pg_dump` copies it, the docs' `pg_restore` loads the copy into an empty database, and the
 * app starts on the copy and signs the demo account in. DOCS_DATABASE_URL names a server on which
 * this may create databases (`.ci/run` passes its PostgreSQL 15).
 */
export async function backupAndRestore(startSignInStop: StartSignInStop) {
  const admin = process.env.DOCS_DATABASE_URL;
  if (!admin) throw new Error('needs DOCS_DATABASE_URL, a PostgreSQL server it may create databases on');
  const urlOf = (name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  const names = ['flowlearn_docs_source', 'flowlearn_docs_copy'];
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const dir = mkdtempSync(join(tmpdir(), 'flowlearn-docs-backup-'));
  try {
    for (const name of names) {
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
    }
    const [source, copy] = names.map(urlOf);
    const env = (url: string, data: string) => ({
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: join(dir, data),
    });
    const first = await freePort();
    await startSignInStop('npm start', { ...env(source, 'a'), PORT: String(first) }, first);
    for (const [command, url] of [
      [shown('pg_dump '), source],
      [shown('pg_restore ').replace('…', copy), copy],
    ] as const) {
      const { code, output } = await shell(command, env(url, 'a'), 300_000, dir);
      if (code !== 0) throw new Error(`${command}: exit ${code}\n${output.slice(-1500)}`);
    }
    const port = await freePort();
    await startSignInStop('npm start', { ...env(copy, 'b'), PORT: String(port) }, port);
    return 'the app made a database, pg_dump copied it, pg_restore loaded it into an empty one, the app signed in on the copy';
  } finally {
    for (const name of names)
      await client.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
