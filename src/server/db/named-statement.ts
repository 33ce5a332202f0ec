import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from './client';

/**
 * A statement written with `:name` parameters, turned once into PostgreSQL's `$1…` text and sent by
 * queryRows under `name`: hot statements go out as the same text every time (no query building per
 * call, and the server parses and plans it once per connection). `::type` casts and quoted literals
 * are left alone. `names` lists its parameters.
 */
export function namedStatement(name: string, source: string) {
  const names: string[] = [];
  // Quoted literals ('system:usage') are skipped whole.
  const text = source.replace(/'[^']*'|(?<!:):([a-zA-Z]\w*)/g, (match, param?: string) => {
    if (!param) return match;
    const at = names.indexOf(param);
    if (at >= 0) return `$${at + 1}`;
    names.push(param);
    return `$${names.length}`;
  });
  const run = (db: Db, values: Record<string, unknown>) =>
    queryRows(
      db,
      text,
      names.map((n) => {
        if (!(n in values)) throw new Error(`${name}: no value for :${n}`);
        return values[n];
      }),
      name,
    );
  return Object.assign(run, { names });
}

/** A read of one area that another area's statement may carry along (one round trip for both). */
export interface CarriedRead {
  /** Names the combined statement (one per kind of read). */
  name: string;
  /** A select of at most one row, with `:name` parameters. */
  source: string;
  values: Record<string, unknown>;
}

const dialect = new PgDialect();

/**
 * A statement written with drizzle's sql (for its shared conditions) and built once per shape: the
 * parts that change its text (a personal space or an organisation, say) are the shape, its values
 * `sql.placeholder(name)`. Building a query and turning it into text cost more than its own run on
 * a hot read (0.1 ms of the flow list); here each call only fills in the values. Sent under the
 * name `<name>_<shape>`, so it is parsed and planned once per connection.
 */
export function shapedStatement<Shape extends string>(name: string, build: (shape: Shape) => SQL) {
  const built = new Map<Shape, { text: string; params: unknown[] }>();
  return (db: Db, shape: Shape, values: Record<string, unknown>) => {
    let statement = built.get(shape);
    if (!statement) {
      const query = dialect.sqlToQuery(build(shape));
      statement = { text: query.sql, params: query.params };
      built.set(shape, statement);
    }
    return queryRows(db, statement.text, fillPlaceholders(statement.params, values), `${name}_${shape}`);
  };
}
