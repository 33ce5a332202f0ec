import { createHash } from 'node:crypto';
import { isObject } from '../../shared/domain/xapi';
import type { Database } from '../db/client';
import { AppError, badRequest, conflict } from '../http/errors';
import {
  type DocumentRow,
  type DocumentScope,
  deleteDocuments,
  findDocument,
  listDocumentIds,
  saveDocument,
} from './documents.repo';

export interface Preconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

export interface WriteOptions extends Preconditions {
  /** PUT replaces; POST merges JSON objects (Communication §2.2). */
  mode: 'put' | 'post';
  /** A PUT without If-Match / If-None-Match is refused with 409 when the document exists. */
  requireConcurrency: boolean;
}

const etagOf = (content: Uint8Array) => createHash('sha1').update(content).digest('hex');
const isJsonType = (type: string) => /^application\/json\b/i.test(type);
const preconditionFailed = (message: string) => new AppError('PRECONDITION_FAILED', 412, message);

/** Parses an entity-tag list (If-Match / If-None-Match): '*', or the quoted or bare tags. */
function tags(header: string): string[] {
  return header.split(',').map((t) =>
    t
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1'),
  );
}

function checkPreconditions(current: DocumentRow | null, p: Preconditions): void {
  if (p.ifMatch !== undefined) {
    const list = tags(p.ifMatch);
    if (!current || !(list.includes('*') || list.includes(current.etag)))
      throw preconditionFailed('If-Match does not match the current document (it changed or does not exist)');
  }
  if (p.ifNoneMatch !== undefined && current) {
    const list = tags(p.ifNoneMatch);
    if (list.includes('*') || list.includes(current.etag))
      throw preconditionFailed('If-None-Match: the document exists already');
  }
}

function parseObject(content: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(content));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** State, activity profile and agent profile documents with ETag concurrency. */
export function createDocumentsService(database: Database) {
  const db = database.db;
  return {
    get: (scope: DocumentScope, docId: string) => findDocument(db, scope, docId),

    /** The ids of the scope's documents (changed after `since`) and the latest change. */
    async listIds(scope: DocumentScope, since?: Date) {
      const rows = await listDocumentIds(db, scope, since);
      const latest = rows.reduce<Date | null>((m, r) => (!m || r.updatedAt > m ? r.updatedAt : m), null);
      return { ids: rows.map((r) => r.docId), lastModified: latest };
    },

    async write(
      scope: DocumentScope,
      docId: string,
      content: Uint8Array,
      contentType: string,
      opts: WriteOptions,
    ) {
      await db.transaction(async (tx) => {
        const current = await findDocument(tx, scope, docId);
        checkPreconditions(current, opts);
        if (
          opts.mode === 'put' &&
          opts.requireConcurrency &&
          current &&
          opts.ifMatch === undefined &&
          opts.ifNoneMatch === undefined
        )
          throw conflict(
            'The document exists: send If-Match with its ETag (or If-None-Match: * to create only)',
          );
        let body = content;
        let type = contentType;
        if (opts.mode === 'post' && current) {
          const before = isJsonType(current.contentType) ? parseObject(current.content) : null;
          const posted = isJsonType(contentType) ? parseObject(content) : null;
          if (!before || !posted)
            throw badRequest(
              'POST merges JSON objects: the stored and the posted document must both be application/json objects',
            );
          body = new TextEncoder().encode(JSON.stringify({ ...before, ...posted }));
          type = 'application/json';
        }
        await saveDocument(tx, scope, {
          docId,
          contentType: type,
          content: Buffer.from(body),
          etag: etagOf(body),
          updatedAt: new Date(),
        });
      });
    },

    /** Deletes one document (with its preconditions) or, without docId, all of the scope's. */
    async remove(scope: DocumentScope, docId: string | undefined, p: Preconditions = {}) {
      await db.transaction(async (tx) => {
        if (docId !== undefined && (p.ifMatch !== undefined || p.ifNoneMatch !== undefined))
          checkPreconditions(await findDocument(tx, scope, docId), p);
        await deleteDocuments(tx, scope, docId);
      });
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
