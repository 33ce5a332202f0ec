import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../src/server/db/client';

/**
 * Named statements on PGlite are prepared once (PREPARE) and run with EXECUTE, their values written
 * as literals: the answers must be exactly those of the plain query, whatever the values hold.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
}, 60_000);
afterAll(() => database.close());

const ECHO = `select $1::text as t, $2::numeric::text as n, $3::timestamptz as d, $4::boolean as b,
  $5::text is null as missing, $6::int + 1 as next, json_build_object('k', $1::text) as j,
  array[$6::int, 2] as arr`;
const prepared = async () =>
  (await queryRows(database.db, 'select name from pg_prepared_statements', [])).map((r) => r.name);

describe('[FOUNDATION] named statements on PGlite', () => {
  it('answer as the plain query does, for quotes, backslashes, any script, dates, nulls, numbers, JSON and arrays', async () => {
    const nasty = [
      "O'Brien said ''hi''",
      'C:\\temp\\new \\x00 \\\\',
      "'); drop table users; --",
      'สวัสดี 日本語 ✓ \u{1F600}',
      '$$ $tag$ $1',
    ];
    const at = new Date('2026-11-25T12:34:56.789Z');
    for (const text of nasty) {
      const params = [text, '12345678901234567890.123456789012', at, true, null, 41];
      const plain = await queryRows(database.db, ECHO, params);
      const named = await queryRows(database.db, ECHO, params, 'test_echo');
      expect(named).toEqual(plain);
      expect(named[0]).toMatchObject({ t: text, n: '12345678901234567890.123456789012', b: true, next: 42 });
      expect(named[0]).toMatchObject({ j: { k: text }, arr: [41, 2] });
      expect((named[0].d as Date).toISOString()).toBe(at.toISOString());
    }
    expect(await prepared()).toContain('test_echo');
  });

  it('prepares a statement once when its first calls come together', async () => {
    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        queryRows(database.db, 'select $1::int * 2 as v', [i], 'test_twice'),
      ),
    );
    expect(calls.map((rows) => rows[0].v)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
    expect((await prepared()).filter((n) => n === 'test_twice')).toHaveLength(1);
  });

  it('goes the usual way for values without a simple literal, and for a statement PREPARE refuses', async () => {
    const arrays = await queryRows(
      database.db,
      'select cardinality($1::text[]) as n',
      [['a', "b'c"]],
      'test_array',
    );
    expect(arrays[0].n).toBe(2);
    // PREPARE cannot type a bare parameter compared with null; neither can the plain query.
    const refused = (name?: string) =>
      queryRows(database.db, 'select $1 is null as x', [null], name).then(
        () => 'ok',
        (e: unknown) => String(e),
      );
    expect(await refused('test_refused')).toBe(await refused());
    expect(await prepared()).not.toContain('test_refused');
  });
});
