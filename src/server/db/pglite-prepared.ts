/** A driver's client as queryRows uses it (pg's Pool or Client, PGlite or its transaction). */
export type SqlClient = { query(...args: unknown[]): Promise<{ rows: unknown[] }> };
/** PGlite's simple-protocol call: one message instead of five, half the fixed cost of query(). */
type SimpleQuery = { exec?(text: string): Promise<Array<{ rows: unknown[] }>> };

/**
 * Per PGlite database: statement name → whether PREPARE took it (a promise, so that two first calls
 * at once prepare it once); null when literals are not safe there.
 */
const prepared = new WeakMap<object, Promise<Map<string, Promise<boolean>> | null>>();
/** Past this, the values are sent the usual way (a big batch: planning is a small part of it). */
const MAX_LITERALS = 64 * 1024;

/** A value as an SQL literal, or null when it has no simple one (arrays, objects, bytes). */
function literal(v: unknown): string | null {
  if (v === null || v === undefined) return 'null';
  // A NUL would end the statement's text early (PostgreSQL refuses it in text values anyway).
  if (typeof v === 'string') return v.includes('\u0000') ? null : `'${v.replaceAll("'", "''")}'`;
  if (typeof v === 'number') return Number.isFinite(v) ? `'${v}'` : null;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : `'${v.toISOString()}'`;
  return null;
}

/**
 * PGlite has no named statements in its protocol calls: each query is parsed and planned again, on
 * the one thread the server runs on. So a named statement is prepared once with PREPARE and then
 * run with EXECUTE, the values written as literals (the parameter types were inferred by PREPARE
 * just as a plain query infers them). That halves the time of the hot statements (a credit hold,
 * a chat's conversation, an API key's check). Literals are only written with
 * standard_conforming_strings on (a backslash is then an ordinary character; quotes are doubled).
 * Null when the statement goes the usual way: inside a transaction, PREPARE refused it, or values
 * with no simple literal.
 */
export async function queryPrepared(
  session: SqlClient | null,
  name: string,
  text: string,
  params: unknown[],
): Promise<Array<Record<string, unknown>> | null> {
  // Inside a transaction the usual way: a refused PREPARE there would abort it.
  if (!session) return null;
  let known = prepared.get(session);
  if (!known) {
    known = session.query('show standard_conforming_strings').then(({ rows }) => {
      const [row] = rows as Array<{ standard_conforming_strings?: string }>;
      return row?.standard_conforming_strings === 'on' ? new Map() : null;
    });
    prepared.set(session, known);
  }
  const names = await known;
  if (!names) return null;
  let ready = names.get(name);
  if (!ready) {
    ready = session.query(`prepare ${name} as ${text}`).then(
      () => true,
      () => false,
    );
    names.set(name, ready);
  }
  if (!(await ready)) return null;
  const values: string[] = [];
  let size = 0;
  for (const p of params) {
    const v = literal(p);
    if (v === null) return null;
    size += v.length;
    if (size > MAX_LITERALS) return null;
    values.push(v);
  }
  const call = values.length ? `execute ${name}(${values.join(', ')})` : `execute ${name}`;
  const simple = (session as SimpleQuery).exec;
  if (simple) {
    const [result] = await simple.call(session, call);
    return (result?.rows ?? []) as Array<Record<string, unknown>>;
  }
  return (await session.query(call)).rows as Array<Record<string, unknown>>;
}
