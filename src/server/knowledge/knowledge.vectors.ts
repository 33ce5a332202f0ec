import { type Db, queryRows } from '../db/client';
import { passageRow } from './knowledge.passage';
import type { PassageRow } from './knowledge.repo';

/**
 * The nearest passages by vector (pgvector, where the database has it) through an approximate HNSW
 * index. The vector column has no fixed dimension (any embedding model fits), and HNSW indexes only a
 * fixed one, so there is one partial index per dimension, on `embedding::vector(N)` over the rows of
 * that dimension (migration 0044 for the dimensions already stored; `ensureVectorIndex` for a new one).
 * A search must use that very expression, with N written in the statement, for the planner to pick it.
 * The index holds every bank's passages: the database runs with hnsw.iterative_scan = relaxed_order
 * (migration 0044), so a scan goes on past vectors of other banks or models until it has enough.
 */

/** pgvector's HNSW limit for the `vector` type; larger embeddings are searched exactly (a full scan). */
export const HNSW_MAX_DIMENSIONS = 2000;
const MAX_DIMENSIONS = 16_000;

const validDimensions = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_DIMENSIONS;

/** Dimensions whose index is known to exist, per database (created once per process at most). */
const indexed = new WeakMap<Db, Map<number, Promise<void>>>();

/**
 * Creates the HNSW index for vectors of `dims` dimensions unless it exists. Run before a document's
 * vectors are written, outside its transaction: the index then grows with each insert (no rebuild),
 * and two uploads racing to create it cannot abort a document (the loser's error is ignored; the
 * index is there either way, or searches stay exact and correct).
 */
export function ensureVectorIndex(db: Db, dims: number): Promise<void> {
  if (!validDimensions(dims) || dims > HNSW_MAX_DIMENSIONS) return Promise.resolve();
  const known = indexed.get(db) ?? new Map<number, Promise<void>>();
  indexed.set(db, known);
  let ready = known.get(dims);
  if (!ready) {
    ready = queryRows(
      db,
      `create index if not exists knowledge_chunk_vectors_hnsw_${dims} on knowledge_chunk_vectors
       using hnsw ((embedding::vector(${dims})) vector_cosine_ops) where vector_dims(embedding) = ${dims}`,
      [],
    ).then(
      () => undefined,
      () => {
        known.delete(dims);
      },
    );
    known.set(dims, ready);
  }
  return ready;
}

const PASSAGE = `c.id as chunk_id, c.bank_id, c.document_id, d.file_name, c.page, c.text`;

/** The nearest-vectors statement for `dims` dimensions: $1 bank ids, $2 model, $3 the vector, $4 limit. */
export function nearestStatement(dims: number): string {
  const near = `v.embedding::vector(${dims}) <=> $3::vector(${dims})`;
  return `with best as materialized (
       select v.chunk_id, ${near} as distance
       from knowledge_chunk_vectors v
       where vector_dims(v.embedding) = ${dims} and v.bank_id = any($1::text[]) and v.model = $2
       order by ${near} limit $4)
     select ${PASSAGE}, 1 - best.distance as score
     from best join knowledge_chunks c on c.id = best.chunk_id
       join knowledge_documents d on d.id = c.document_id
     order by best.distance, c.id`;
}

/**
 * Nearest passages by cosine distance among vectors of the same model (score: 1 − distance). The
 * nearest are picked from the vector table alone (through the index), then joined to their passage.
 * With the relaxed order the index may hand them slightly out of order, so they are sorted again.
 */
export async function searchVectors(
  db: Db,
  bankIds: string[],
  model: string,
  vector: number[],
  limit: number,
): Promise<PassageRow[]> {
  const dims = vector.length;
  if (!validDimensions(dims) || !vector.every(Number.isFinite)) return [];
  const rows = await queryRows(
    db,
    nearestStatement(dims),
    [bankIds, model, `[${vector.join(',')}]`, limit],
    `knowledge_vectors_nearest_${dims}`,
  );
  return rows.map(passageRow);
}
