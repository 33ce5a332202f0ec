import { type Db, queryRows } from '../db/client';
import { passageRow } from './knowledge.passage';
import { ensureVectorIndex } from './knowledge.vectors';

/**
 * Knowledge banks, their documents and passages (migration 0023). Every read is scoped to a space:
 * an organisation's banks (org_id), or one user's personal banks (org_id null, owner_id).
 * Plain statements through queryRows: the arrays of a document's passages go in as one unnest.
 */

export type TSpaceRef = { orgId: string | null; userId: string };

export interface BankRow {
  id: string;
  ownerId: string;
  orgId: string | null;
  name: string;
  documentsCount: number;
  chunksCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DocumentRow {
  id: string;
  bankId: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  chunksCount: number;
  embeddingModel: string | null;
  createdAt: Date;
}

export interface PassageRow {
  chunkId: string;
  bankId: string;
  documentId: string;
  fileName: string;
  page: number | null;
  text: string;
  score: number;
}

const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const bank = (r: Record<string, unknown>): BankRow => ({
  id: String(r.id),
  ownerId: String(r.owner_id),
  orgId: (r.org_id as string | null) ?? null,
  name: String(r.name),
  documentsCount: Number(r.documents_count ?? 0),
  chunksCount: Number(r.chunks_count ?? 0),
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
});
const document = (r: Record<string, unknown>): DocumentRow => ({
  id: String(r.id),
  bankId: String(r.bank_id),
  fileName: String(r.file_name),
  contentType: String(r.content_type),
  size: Number(r.size),
  storageKey: String(r.storage_key),
  chunksCount: Number(r.chunks_count),
  embeddingModel: (r.embedding_model as string | null) ?? null,
  createdAt: date(r.created_at),
});

/** The banks of a space: `$1` org id (null: personal), `$2` the user. */
const IN_SPACE = `(case when $1::text is null then b.org_id is null and b.owner_id = $2 else b.org_id = $1 end)`;
const COUNTS = `(select count(*) from knowledge_documents d where d.bank_id = b.id) as documents_count,
  (select coalesce(sum(d.chunks_count), 0) from knowledge_documents d where d.bank_id = b.id) as chunks_count`;

export async function insertBank(
  db: Db,
  row: { id: string; ownerId: string; orgId: string | null; name: string },
) {
  const [r] = await queryRows(
    db,
    `insert into knowledge_banks (id, owner_id, org_id, name) values ($1, $2, $3, $4)
     returning *, 0 as documents_count, 0 as chunks_count`,
    [row.id, row.ownerId, row.orgId, row.name],
  );
  return bank(r);
}

export async function findBankInSpace(db: Db, bankId: string, space: TSpaceRef): Promise<BankRow | null> {
  const [r] = await queryRows(
    db,
    `select b.*, ${COUNTS} from knowledge_banks b where ${IN_SPACE} and b.id = $3`,
    [space.orgId, space.userId, bankId],
  );
  return r ? bank(r) : null;
}

export async function listBanks(db: Db, space: TSpaceRef): Promise<BankRow[]> {
  const rows = await queryRows(
    db,
    `select b.*, ${COUNTS} from knowledge_banks b where ${IN_SPACE} order by b.updated_at desc limit 500`,
    [space.orgId, space.userId],
  );
  return rows.map(bank);
}

/** Of the ids asked for, those a space may read (the others are silently not searched). */
export async function banksReadable(db: Db, ids: string[], space: TSpaceRef): Promise<string[]> {
  const rows = await queryRows(
    db,
    `select b.id from knowledge_banks b where ${IN_SPACE} and b.id = any($3::text[])`,
    [space.orgId, space.userId, ids],
  );
  return rows.map((r) => String(r.id));
}

export async function listDocuments(db: Db, bankId: string): Promise<DocumentRow[]> {
  const rows = await queryRows(
    db,
    'select * from knowledge_documents where bank_id = $1 order by created_at desc, id limit 1000',
    [bankId],
  );
  return rows.map(document);
}

export async function findDocument(db: Db, bankId: string, documentId: string): Promise<DocumentRow | null> {
  const [r] = await queryRows(db, 'select * from knowledge_documents where bank_id = $1 and id = $2', [
    bankId,
    documentId,
  ]);
  return r ? document(r) : null;
}

/** Whether this database has the vector table (pgvector was available when migration 0023 ran). */
const withVectors = new WeakMap<Db, Promise<boolean>>();
export function hasVectors(db: Db): Promise<boolean> {
  let known = withVectors.get(db);
  if (!known) {
    known = queryRows(
      db,
      `select to_regclass('public.knowledge_chunk_vectors') is not null as present`,
      [],
    ).then(async ([r]) => {
      if (r?.present !== true) return false;
      // Iterative index scans (knowledge.vectors.ts). PostgreSQL sessions take it from the database's
      // settings (migration 0044); PGlite's one single-user session does not read those, so it is set here.
      await queryRows(db, `select set_config('hnsw.iterative_scan', 'relaxed_order', false)`, []);
      return true;
    });
    withVectors.set(db, known);
  }
  return known;
}

export interface NewDocument {
  id: string;
  bankId: string;
  uploadedBy: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  chunks: { position: number; page: number | null; text: string }[];
  /** One vector per chunk, in order, of `embeddingModel`. */
  vectors: number[][] | null;
  embeddingModel: string | null;
}

/** The document, its passages and their vectors in one transaction: a bank never shows half a document. */
export async function insertDocument(db: Db, doc: NewDocument): Promise<DocumentRow> {
  if (doc.vectors?.length && doc.embeddingModel) await ensureVectorIndex(db, doc.vectors[0].length);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [r] = await queryRows(
      t,
      `insert into knowledge_documents (id, bank_id, uploaded_by, file_name, content_type, size, storage_key, chunks_count, embedding_model)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
      [
        doc.id,
        doc.bankId,
        doc.uploadedBy,
        doc.fileName,
        doc.contentType,
        doc.size,
        doc.storageKey,
        doc.chunks.length,
        doc.vectors ? doc.embeddingModel : null,
      ],
    );
    for (let i = 0; i < doc.chunks.length; i += 500) {
      const part = doc.chunks.slice(i, i + 500);
      const ids = await queryRows(
        t,
        `insert into knowledge_chunks (bank_id, document_id, position, page, text)
         select $1, $2, u.position, u.page, u.text
         from unnest($3::int[], $4::int[], $5::text[]) as u(position, page, text)
         returning id, position`,
        [doc.bankId, doc.id, part.map((c) => c.position), part.map((c) => c.page), part.map((c) => c.text)],
      );
      if (doc.vectors && doc.embeddingModel) {
        const byPosition = new Map(ids.map((row) => [Number(row.position), String(row.id)]));
        await queryRows(
          t,
          `insert into knowledge_chunk_vectors (chunk_id, bank_id, model, embedding)
           select u.chunk_id, $1, $2, u.embedding::vector
           from unnest($3::bigint[], $4::text[]) as u(chunk_id, embedding)`,
          [
            doc.bankId,
            doc.embeddingModel,
            part.map((c) => byPosition.get(c.position)),
            part.map((c) => `[${(doc.vectors as number[][])[c.position].join(',')}]`),
          ],
        );
      }
    }
    await queryRows(t, 'update knowledge_banks set updated_at = now() where id = $1', [doc.bankId]);
    return document(r);
  });
}

export async function deleteDocument(db: Db, bankId: string, documentId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    'delete from knowledge_documents where bank_id = $1 and id = $2 returning id',
    [bankId, documentId],
  );
  return rows.length > 0;
}

/** Deletes the bank (its documents and passages cascade); answers the storage keys to delete. */
export async function deleteBank(db: Db, bankId: string): Promise<string[]> {
  const keys = await queryRows(db, 'select storage_key from knowledge_documents where bank_id = $1', [
    bankId,
  ]);
  await queryRows(db, 'delete from knowledge_banks where id = $1', [bankId]);
  return keys.map((r) => String(r.storage_key));
}

const PASSAGE = `c.id as chunk_id, c.bank_id, c.document_id, d.file_name, c.page, c.text`;

/**
 * Best passages for any of the words (an OR search: a question rarely has all its words in one passage),
 * scored by the words' rarity: each word a passage holds adds ln(1 + passages / passages with it), as
 * BM25's IDF with a passage's word counted once. Each word's passages come from the GIN index alone,
 * without reading the passages' tsvectors: ts_rank_cd had to detoast and rank every match, and a
 * common word matches thousands (0.5 s over 10,000 passages; docs/performance.md, knowledge).
 */
export async function searchFullText(db: Db, bankIds: string[], words: string[], limit: number) {
  if (!words.length) return [];
  const rows = await queryRows(
    db,
    `with words as (select distinct w from unnest($2::text[]) as w),
     hits as (
       select m.id, words.w from words cross join lateral (
         select c.id from knowledge_chunks c
         where c.bank_id = any($1::text[]) and c.tsv @@ plainto_tsquery('simple', words.w)) m),
     df as (select w, count(*) as n from hits group by w),
     total as (
       select greatest(coalesce(sum(chunks_count), 0), 1)::float8 as n
       from knowledge_documents where bank_id = any($1::text[])),
     best as (
       select h.id, sum(ln(1 + total.n / df.n)) as score
       from hits h join df using (w), total group by h.id order by score desc, h.id limit $3)
     select ${PASSAGE}, best.score
     from best join knowledge_chunks c on c.id = best.id join knowledge_documents d on d.id = c.document_id
     order by best.score desc, c.id`,
    [bankIds, words, limit],
    'knowledge_fulltext_idf',
  );
  return rows.map(passageRow);
}
