import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, uuid } from './helpers/xapi';

let t: TestApp;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(() => t.reset());

type Rows<T> = { rows: T[] };
const VOIDED = 'http://adlnet.gov/expapi/verbs/voided';

describe('[LRS] statements partitioned by space', () => {
  it('is 16 hash partitions of space, the primary key (space, statement_id)', async () => {
    const db = t.database.db;
    const parts = (await db.execute(sql`select count(*)::int as n from pg_inherits
      where inhparent = 'lrs_statements'::regclass`)) as unknown as Rows<{ n: number }>;
    expect(parts.rows[0].n).toBe(16);
    const key = (await db.execute(
      sql`select pg_get_partkeydef('lrs_statements'::regclass) as def`,
    )) as unknown as Rows<{ def: string }>;
    expect(key.rows[0].def).toBe('HASH (space)');
    const pk = (await db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'lrs_statements'::regclass and contype = 'p'`)) as unknown as Rows<{ def: string }>;
    expect(pk.rows[0].def).toBe('PRIMARY KEY (space, statement_id)');
  });

  it("a space's query reads one partition", async () => {
    const w = await lrsWorld(t);
    expect((await w.org.call('POST', '/xapi/statements', { body: [statement(), statement()] })).status).toBe(
      200,
    );
    const plan = (await t.database.db.execute(sql`explain select statement from lrs_statements
      where space = ${`org:${w.orgId}`} and verb_id = 'http://adlnet.gov/expapi/verbs/completed'
      order by stored desc limit 10`)) as unknown as Rows<Record<string, string>>;
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(new Set(text.match(/lrs_statements_p\d\d/g))).toHaveProperty('size', 1);
  });

  it('ids stay unique per space; a voiding statement voids only in its own space', async () => {
    const w = await lrsWorld(t);
    const id = uuid();
    // The personal space voids `id` before any statement with that id exists anywhere.
    const voiding = statement({ verb: { id: VOIDED }, object: { objectType: 'StatementRef', id } });
    expect((await w.personal.call('POST', '/xapi/statements', { body: voiding })).status).toBe(200);
    // The organisation stores a statement with that id: a different LRS, not voided there.
    expect((await w.org.call('POST', '/xapi/statements', { body: statement({ id }) })).status).toBe(200);
    expect((await w.org.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(200);
    // The same id in the personal space is stored voided (its voiding statement came first).
    expect((await w.personal.call('POST', '/xapi/statements', { body: statement({ id }) })).status).toBe(200);
    expect((await w.personal.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(404);
    expect((await w.personal.call('GET', `/xapi/statements?voidedStatementId=${id}`)).status).toBe(200);
    // Sent again in the organisation, different content: 409, the primary key holds per space.
    const other = statement({ id, verb: { id: 'http://adlnet.gov/expapi/verbs/failed' } });
    expect((await w.org.call('POST', '/xapi/statements', { body: other })).status).toBe(409);
  });
});
