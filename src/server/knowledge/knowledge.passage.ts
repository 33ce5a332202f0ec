import type { PassageRow } from './knowledge.repo';

/** A retrieved passage's row, as both the full-text and the nearest-vectors queries select it. */
export const passageRow = (r: Record<string, unknown>): PassageRow => ({
  chunkId: String(r.chunk_id),
  bankId: String(r.bank_id),
  documentId: String(r.document_id),
  fileName: String(r.file_name),
  page: r.page === null || r.page === undefined ? null : Number(r.page),
  text: String(r.text),
  score: Number(r.score),
});
