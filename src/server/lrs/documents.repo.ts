import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lrsDocuments } from '../db/schema';

export type DocumentKind = 'state' | 'activityProfile' | 'agentProfile';

/** Which documents: all of one kind for an activity/agent/registration, or one with docId. */
export interface DocumentScope {
  space: string;
  kind: DocumentKind;
  activityId: string;
  agentIfi: string;
  registration: string;
}

export type DocumentRow = typeof lrsDocuments.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'delete'>;

function where(scope: DocumentScope, docId?: string): SQL {
  const parts = [
    eq(lrsDocuments.space, scope.space),
    eq(lrsDocuments.kind, scope.kind),
    eq(lrsDocuments.activityId, scope.activityId),
    eq(lrsDocuments.agentIfi, scope.agentIfi),
    eq(lrsDocuments.registration, scope.registration),
  ];
  if (docId !== undefined) parts.push(eq(lrsDocuments.docId, docId));
  return and(...parts) as SQL;
}

export async function findDocument(
  db: Executor,
  scope: DocumentScope,
  docId: string,
): Promise<DocumentRow | null> {
  const [row] = await db.select().from(lrsDocuments).where(where(scope, docId));
  return row ?? null;
}

export async function listDocumentIds(db: Executor, scope: DocumentScope, since?: Date) {
  const filter = since ? and(where(scope), gt(lrsDocuments.updatedAt, since)) : where(scope);
  return db
    .select({ docId: lrsDocuments.docId, updatedAt: lrsDocuments.updatedAt })
    .from(lrsDocuments)
    .where(filter)
    .orderBy(lrsDocuments.docId);
}

export async function saveDocument(
  db: Executor,
  scope: DocumentScope,
  doc: Pick<DocumentRow, 'docId' | 'contentType' | 'content' | 'etag' | 'updatedAt'>,
): Promise<void> {
  await db
    .insert(lrsDocuments)
    .values({ ...scope, ...doc })
    .onConflictDoUpdate({
      target: [
        lrsDocuments.space,
        lrsDocuments.kind,
        lrsDocuments.activityId,
        lrsDocuments.agentIfi,
        lrsDocuments.registration,
        lrsDocuments.docId,
      ],
      set: { contentType: doc.contentType, content: doc.content, etag: doc.etag, updatedAt: doc.updatedAt },
    });
}

/** Deletes one document, or every document of the scope when docId is undefined. */
export async function deleteDocuments(db: Executor, scope: DocumentScope, docId?: string): Promise<void> {
  await db.delete(lrsDocuments).where(where(scope, docId));
}
