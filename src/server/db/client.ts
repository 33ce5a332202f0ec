import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { type Listener, type ListenFn, pgListen } from './listen';
import { openPgliteFolder, type PgliteCare } from './pglite-open';
import { queryPrepared, type SqlClient } from './pglite-prepared';
import * as schema from './schema';

/** One type for both drivers: repos never know which engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** PostgreSQL's connection pool, for the /metrics gauges (PGlite is one connection in-process). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** Deletes every row of every table (tests only: one database per test file). */
  truncateAll(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: LISTEN on a channel of its own connection (live fan-out across servers, db/listen.ts). */
  listen?: ListenFn;
}

export interface OpenOptions {
  /** PostgreSQL connection string. Takes precedence over dataDir. */
  url?: string;
  /** Folder for PGlite's files; `memory://` for a throwaway database. */
  pgliteDir?: string;
  /** A folder's lock, checkpoints, backups and recovery (pglite-open.ts); defaults: no backups, no log. */
  pgliteCare?: Partial<PgliteCare>;
  /**
   * A migrated PGlite data directory (`dumpDataDir`) that a `memory://` database starts as: skips
   * initdb and the migrations already in it. The test harness gives every test file one copy.
   */
  pgliteTemplate?: Blob;
  /** Migrations to apply (tests only: an earlier release's set, for the upgrade test). */
  migrationsFolder?: string;
}

/** The only place that knows PGlite from pg. Applies migrations before returning. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS_DIR;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    onPg.add(db);
    const listeners = new Set<Listener>();
    const listen = pgListen(() => new pg.Client({ connectionString: opts.url }), listeners);
    const close = async () => {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    };
    return { db, kind: 'pg', pool, truncateAll: () => truncateAll(db), close, listen };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  // pg_trgm: the trigram index of the tool search (migration 0001); PostgreSQL ships it in contrib.
  // vector (pgvector): the knowledge bank's embeddings (migration 0023), PGlite's own build of it (@electric-sql/pglite-pgvector).
  const create = (at: string, loadDataDir?: Blob) =>
    PGlite.create(at, { extensions: { pg_trgm, vector }, loadDataDir });
  const folder = dir.startsWith('memory://')
    ? null
    : await openPgliteFolder(dir, create, {
        backupEveryMs: 0,
        backupsKept: 2,
        log: () => undefined,
        ...opts.pgliteCare,
      });
  const client = folder ? folder.client : await create(dir, opts.pgliteTemplate);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // PGlite has no autovacuum: without statistics the planner skips the search indexes, without
  // vacuum updated rows (wallets, rate counters) leave dead tuples behind and no page is all-visible,
  // so the reports' counts cannot be index-only scans. Done shortly after start and then hourly, off
  // the start-up path, as autovacuum would (a plain vacuum takes no lock that stops readers).
  const analyze = () => void client.exec('vacuum analyze').catch(() => undefined);
  const soon = setTimeout(analyze, 3000).unref();
  const hourly = setInterval(analyze, 3600_000).unref();
  const close = () => {
    clearTimeout(soon);
    clearInterval(hourly);
    return folder ? folder.close() : client.close();
  };
  return { db, kind: 'pglite', truncateAll: () => truncateAll(db), close };
}

/** Databases opened on PostgreSQL through pg, whose statements can be prepared once per connection. */
const onPg = new WeakSet<object>();

/**
 * One statement as plain text with positional parameters, past drizzle's query builder: for the few
 * hot statements (a credit spend, an xAPI batch) whose text never changes. With a `name`, PostgreSQL
 * parses and plans it once per connection (PGlite too: pglite-prepared.ts). Works on a transaction
 * (`tx`) too. Both drivers answer `{ rows }`.
 */
export async function queryRows(
  db: Db,
  text: string,
  params: unknown[],
  name?: string,
): Promise<Array<Record<string, unknown>>> {
  // A transaction (drizzle's `tx`) has no $client: its session holds the connection it runs on.
  const handle = db as unknown as { $client?: SqlClient; session?: { client?: SqlClient } };
  const client = handle.$client ?? handle.session?.client;
  if (!client) throw new Error('queryRows: no database client');
  if (name && (onPg.has(db) || isPgTransaction(db)))
    return (await client.query({ name, text, values: params })).rows as Array<Record<string, unknown>>;
  if (name) {
    // PGlite: its one session keeps the statement (outside a transaction).
    const rows = await queryPrepared(handle.$client ?? null, name, text, params);
    if (rows) return rows;
  }
  return (await client.query(text, params)).rows as Array<Record<string, unknown>>;
}

const dialect = new PgDialect();
/** Names of the statement texts sent by queryNamed, per text (bounded: a text with values in it would never repeat). */
const statementNames = new Map<string, string>();
const MAX_NAMED = 500;

/**
 * A statement built with drizzle's sql template, sent like queryRows with a name of its own: the
 * same shape of query (its text, whatever the values) is parsed and planned once per connection
 * instead of on every call. For hot reads built from shared conditions (a list of flows), where
 * planning cost as much as running.
 */
export function queryNamed(db: Db, query: SQL): Promise<Array<Record<string, unknown>>> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED) {
    name = `named_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return queryRows(db, text, params, name);
}

/** A transaction of the pg driver: its connection is a pg client, which can prepare statements. */
const isPgTransaction = (db: Db): boolean => {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client;
};

async function truncateAll(db: Db): Promise<void> {
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  const names = result.rows.map((r) => `"${r.tablename}"`);
  if (names.length) await db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
}
