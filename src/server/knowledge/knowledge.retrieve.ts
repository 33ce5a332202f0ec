import { KNOWLEDGE_MAX_PASSAGES, type TKnowledgeSearchAnswer } from '../../shared/contract/knowledge';
import { searchWords } from '../../shared/domain/knowledge/chunks';
import { priceCall } from '../../shared/domain/models/pricing';
import type { Embedder } from '../adapters/ai/embeddings';
import type { CreditsService, TWalletOwner } from '../credits/credits.service';
import type { Db } from '../db/client';
import { hasVectors, type PassageRow, searchFullText } from './knowledge.repo';
import { searchVectors } from './knowledge.vectors';

/**
 * Retrieval: PostgreSQL full-text rank always; the nearest vectors too when an embedding model is set
 * and the database has pgvector; both lists merged by reciprocal rank fusion (hybrid), which needs no
 * tuning between two scores of different scales. The query's embedding is charged to the payer.
 */

/** Reciprocal rank fusion's constant (the usual 60: the top ranks of either list weigh alike). */
const RRF_K = 60;

export interface RetrieveInput {
  bankIds: string[];
  query: string;
  limit?: number;
  /** Who pays for the query's embedding; reference names the call in the ledger. */
  payer: TWalletOwner;
  reference: string;
  idempotencyKey: string;
  by: string | null;
  signal?: AbortSignal;
}

export function createRetriever(db: Db, credits: CreditsService, embedder: Embedder | null) {
  async function queryVector(input: RetrieveInput): Promise<number[]> {
    const model = (embedder as Embedder).model;
    const upTo = priceCall(model, { inputTokens: Math.ceil(input.query.length / 2) + 8 });
    const run = async () => {
      const out = await (embedder as Embedder).embed([input.query], input.signal);
      return { result: out.vectors[0], actual: priceCall(model, { inputTokens: out.inputTokens }) };
    };
    if (upTo <= 0n) return (await run()).result;
    const { result } = await credits.withReservation(
      {
        payer: input.payer,
        upTo,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        by: input.by,
      },
      run,
    );
    return result;
  }

  return {
    /** Readable bank ids only (the caller checks the space); no bank, or no passage found: an empty list. */
    async retrieve(input: RetrieveInput): Promise<TKnowledgeSearchAnswer> {
      const limit = Math.min(input.limit ?? 5, KNOWLEDGE_MAX_PASSAGES);
      if (!input.bankIds.length) return { method: 'fulltext', notice: null, passages: [] };
      const wide = limit * 3;
      const fullText = await searchFullText(db, input.bankIds, searchWords(input.query), wide);
      let vectors: PassageRow[] | null = null;
      let notice: string | null = null;
      if (embedder && (await hasVectors(db))) {
        // A query that cannot be embedded (provider down, no credits) is still answered by full-text.
        const vector = await queryVector(input).catch((error: unknown) => {
          notice = `Full-text search only: ${error instanceof Error ? error.message : 'the embedding failed'}`;
          return null;
        });
        if (vector) vectors = await searchVectors(db, input.bankIds, embedder.model, vector, wide);
      }
      const method = vectors ? (fullText.length ? 'hybrid' : 'vector') : 'fulltext';
      const merged = vectors ? fuse([fullText, vectors]) : fullText;
      return {
        method,
        notice,
        passages: merged.slice(0, limit).map((p, i) => ({
          n: i + 1,
          bankId: p.bankId,
          documentId: p.documentId,
          fileName: p.fileName,
          page: p.page,
          text: p.text,
          score: p.score,
        })),
      };
    },
  };
}

/** Reciprocal rank fusion: each list adds 1 / (k + rank) to a passage's score. */
export function fuse(lists: PassageRow[][]): PassageRow[] {
  const byId = new Map<string, PassageRow>();
  for (const list of lists) {
    list.forEach((p, rank) => {
      const seen = byId.get(p.chunkId);
      const add = 1 / (RRF_K + rank + 1);
      byId.set(p.chunkId, { ...(seen ?? p), score: (seen ? seen.score : 0) + add });
    });
  }
  return [...byId.values()].sort((a, b) => b.score - a.score);
}

/**
 * The system message that hands the passages to the model: numbered, with file and page, and the
 * rule to answer from them and cite by number. Empty when nothing was found (the block then says so).
 */
export function passagesMessage(passages: TKnowledgeSearchAnswer['passages']): string {
  if (!passages.length) return '';
  const listed = passages
    .map((p) => `[${p.n}] (${p.fileName}${p.page ? `, page ${p.page}` : ''})\n${p.text}`)
    .join('\n\n');
  return [
    'Answer from the numbered passages of the knowledge bank below. Cite each fact with its number in',
    'square brackets, e.g. [1]. If the passages do not hold the answer, say that the documents do not cover it.',
    '',
    listed,
  ].join('\n');
}
