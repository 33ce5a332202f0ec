import { isObject, type JsonObject } from '../../shared/domain/xapi';
import type { FileStorage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import type { LrsSpace } from './space';
import { canonical, idsOnly, type StatementFormat } from './statement-format';
import { activityIdsOf } from './statement-walk';
import {
  activityDefinitions,
  attachmentRows,
  type Cursor,
  queryStatements as queryRows,
  type StatementFilter,
  statementById,
} from './statements.repo';
import type { AttachmentPart } from './statements.service';

/** The largest page the LRS answers; `limit=0` asks for it. */
export const MAX_LIMIT = 500;

export interface ReadOptions {
  format?: StatementFormat;
  /** Accept-Language preferences for format=canonical. */
  languages?: string[];
}

export interface QueryOptions extends ReadOptions {
  /** 1..MAX_LIMIT; 0 or absent means MAX_LIMIT. */
  limit?: number;
  ascending?: boolean;
  /** Continue after this position (from a previous page's `next`). */
  cursor?: Cursor | null;
}

export interface StatementPage {
  statements: JsonObject[];
  /** Where the next page starts; null when this page is the last. */
  next: Cursor | null;
}

export function createStatementsReader(database: Database, storage: FileStorage) {
  const db = database.db;

  async function present(
    space: LrsSpace,
    statements: JsonObject[],
    opts: ReadOptions,
  ): Promise<JsonObject[]> {
    const format = opts.format ?? 'exact';
    if (format === 'ids') return statements.map(idsOnly);
    if (format === 'exact') return statements;
    const ids = new Set(statements.flatMap(activityIdsOf));
    const defs = await activityDefinitions(db, space, [...ids]);
    return statements.map((s) => canonical(s, defs, opts.languages ?? []));
  }

  return {
    /** One statement by id (not voided), or with `voided` the voided one; null when there is none. */
    async getStatement(space: LrsSpace, id: string, opts: ReadOptions & { voided?: boolean } = {}) {
      const row = await statementById(db, space, id.toLowerCase(), opts.voided ?? false);
      if (!row) return null;
      const [statement] = await present(space, [row.statement], opts);
      return { statement, stored: row.stored };
    },

    /**
     * Statements matching the filter, newest stored first (or oldest with `ascending`), without
     * voided ones; statements referring to a matching one by StatementRef are included.
     */
    async queryStatements(
      space: LrsSpace,
      filter: StatementFilter,
      opts: QueryOptions = {},
    ): Promise<StatementPage> {
      const limit = opts.limit && opts.limit > 0 ? Math.min(opts.limit, MAX_LIMIT) : MAX_LIMIT;
      const rows = await queryRows(db, space, filter, {
        limit: limit + 1,
        ascending: opts.ascending ?? false,
        cursor: opts.cursor ?? null,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        statements: await present(
          space,
          page.map((r) => r.statement),
          opts,
        ),
        next: rows.length > limit && last ? { stored: last.stored, seq: last.seq } : null,
      };
    },

    /** The bytes of the attachments the statements carry (those stored here, not fileUrl ones). */
    async attachmentsOf(space: LrsSpace, statements: JsonObject[]): Promise<AttachmentPart[]> {
      const hashes = new Set<string>();
      const visit = (s: JsonObject) => {
        for (const a of Array.isArray(s.attachments) ? s.attachments : [])
          if (isObject(a)) hashes.add(String(a.sha2).toLowerCase());
        if (isObject(s.object) && s.object.objectType === 'SubStatement') visit(s.object);
      };
      statements.forEach(visit);
      const parts: AttachmentPart[] = [];
      for (const row of await attachmentRows(db, space, [...hashes])) {
        const data = await storage.get(row.storageKey);
        if (data) parts.push({ sha2: row.sha2, contentType: row.contentType, data });
      }
      return parts;
    },
  };
}
export type StatementsReader = ReturnType<typeof createStatementsReader>;
