import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createAiProvider } from '../../src/server/adapters/ai/provider';
import { createMailAdapter } from '../../src/server/adapters/mail/mail';
import { createApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/password';
import { createTokenService } from '../../src/server/auth/tokens';
import { type Database, type OpenOptions, openDatabase } from '../../src/server/db/client';
import { readEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/http/logger';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import { newId } from '../../src/shared/domain/ids';

/**
 * A database made by an earlier release migrates to today's schema and keeps its data. That release
 * is today's migrations up to the one before 0035 (0035 rewrites stored sub-statements, 0037 changes
 * how activity definitions merge, and every migration after them runs too); it writes its rows with
 * SQL in the shape it stored them, then today's openDatabase migrates, and today's routes read the
 * data back. Pinned by name, so a migration added later never moves what "earlier" means.
 */
const FIRST_LATER = '0035_lrs_substatement_context_lists';
const PASSWORD = 'upgrade-password-1';
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function previousMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flowlearn-migrations-'));
  made.push(dir);
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const later = (journal.entries as Array<{ tag: string }>).findIndex((e) => e.tag === FIRST_LATER);
  expect(later, `${FIRST_LATER} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, later);
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as Array<{ tag: string }>)
    copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

/** What the previous release stored: a user, and a statement whose sub-statement context kept an object. */
async function writeAsPreviousRelease(database: Database) {
  const userId = newId();
  const email = `upgrade-${userId}@school.test`;
  const statementId = crypto.randomUUID();
  const activity = 'https://flowlearn.test/activities/upgrade';
  const statement = {
    id: statementId,
    actor: { objectType: 'Agent', mbox: 'mailto:learner@school.test' },
    verb: { id: 'http://adlnet.gov/expapi/verbs/planned' },
    object: {
      objectType: 'SubStatement',
      actor: { objectType: 'Agent', mbox: 'mailto:learner@school.test' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { objectType: 'Activity', id: activity },
      context: { contextActivities: { parent: { objectType: 'Activity', id: `${activity}/course` } } },
    },
    stored: '2026-01-05T10:00:00.000Z',
    timestamp: '2026-01-05T10:00:00.000Z',
    version: '1.0.0',
    authority: { objectType: 'Agent', mbox: 'mailto:lrs@flowlearn.test' },
  };
  const space = `user:${userId}`;
  await database.db.execute(sql`insert into users (id, email, password_hash, fullname, email_verified)
    values (${userId}, ${email}, ${await hashPassword(PASSWORD)}, 'Upgrade Teacher', true)`);
  await database.db.execute(sql`insert into lrs_statements (space, statement_id, stored, timestamp, verb_id,
      actor_ifi, related_activities, related_agents, statement)
    values (${space}, ${statementId}, ${statement.stored}, ${statement.timestamp}, ${statement.verb.id},
      'mbox:mailto:learner@school.test', ${`{${activity},${activity}/course}`}::text[],
      '{mbox:mailto:learner@school.test}'::text[], ${JSON.stringify(statement)}::jsonb)`);
  await database.db.execute(sql`insert into lrs_activities (space, activity_id, definition)
    values (${space}, ${activity}, ${JSON.stringify({ name: { 'en-GB': 'Old lesson' } })}::jsonb)`);
  return { email, statementId, activity };
}

/** Today's app over the upgraded database, and a JSON call through it. */
async function todaysApp(database: Database) {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'x'.repeat(40),
  });
  const logger = createLogger('silent');
  const app = createApp({
    env,
    database,
    logger,
    tokens: await createTokenService(database.db, env),
    mail: createMailAdapter(env, database.db, logger),
    ai: createAiProvider(env),
  });
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Experience-API-Version': '2.0.0', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
}

async function upgradeKeepsData(at: OpenOptions) {
  const old = await openDatabase({ ...at, migrationsFolder: previousMigrations() });
  const written = await writeAsPreviousRelease(old);
  await old.close();

  const database = await openDatabase(at);
  try {
    const call = await todaysApp(database);
    const login = await call('POST', '/api/auth/login', { email: written.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const bearer = { Authorization: `Bearer ${login.body.accessToken}` };
    const key = await call('POST', '/api/lrs/credentials', { name: 'after upgrade' }, bearer);
    expect(key.status).toBe(201);
    const basic = {
      Authorization: `Basic ${Buffer.from(`${key.body.key}:${key.body.secret}`).toString('base64')}`,
    };
    const read = await call('GET', `/xapi/statements?statementId=${written.statementId}`, undefined, basic);
    expect(read.status).toBe(200);
    // Migration 0035 listed the sub-statement's context activity, as xAPI 2.0 reads return them.
    expect(read.body.object.context.contextActivities.parent).toEqual([
      { objectType: 'Activity', id: `${written.activity}/course` },
    ]);
    // Migration 0037: a new statement's definition merges into the one the old release kept.
    const sent = {
      actor: { objectType: 'Agent', mbox: 'mailto:learner@school.test' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { objectType: 'Activity', id: written.activity, definition: { name: { 'th-TH': 'บทเรียน' } } },
    };
    expect((await call('POST', '/xapi/statements', sent, basic)).status).toBe(200);
    const activity = await call(
      'GET',
      `/xapi/activities?activityId=${encodeURIComponent(written.activity)}`,
      undefined,
      basic,
    );
    expect(activity.body.definition.name).toEqual({ 'en-GB': 'Old lesson', 'th-TH': 'บทเรียน' });
  } finally {
    await database.close();
  }
}

describe('[UPGRADE] a database of the previous release migrates and keeps its data', () => {
  it('a PGlite data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowlearn-upgrade-'));
    made.push(dir, `${dir}.lock`);
    await upgradeKeepsData({ pgliteDir: join(dir, 'db') });
  }, 120_000);

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    'a PostgreSQL database',
    async () => {
      // A database of its own: the other test files truncate theirs, and this one starts empty.
      const name = `flowlearn_upgrade_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${name}`);
        await admin.query(`create database ${name}`);
        const own = new URL(url as string);
        own.pathname = `/${name}`;
        await upgradeKeepsData({ url: own.toString() });
      } finally {
        await admin.query(`drop database if exists ${name}`).catch(() => undefined);
        await admin.end();
      }
    },
    120_000,
  );
});
