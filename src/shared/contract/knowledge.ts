import { z } from 'zod';
import { zText } from './text';

/**
 * Knowledge banks (spec 03 §7 `POST /api/knowledge-bot/upload`, `GET knowledge-bank`).
 * A bank belongs to one space; its documents are cut into passages that AI blocks retrieve from.
 */

const zId = () => zText().regex(/^[0-9a-f]{24}$/, 'must be an id of 24 hexadecimal characters');

/** Largest document accepted (a 100-page PDF of text is a few MB). */
export const KNOWLEDGE_MAX_BYTES = 20 * 1024 * 1024;
/** Most passages one retrieval adds to a model's messages. */
export const KNOWLEDGE_MAX_PASSAGES = 8;

/** The multipart fields of an upload beside the file (`file`, or `media` as the media upload names it). */
export const ZKnowledgeUploadFields = z.object({
  /** Adds the document to this bank of the space; absent: a new bank. */
  bankId: zId().optional(),
  /** The new bank's name (default: the file's name). */
  name: zText().trim().min(1).max(200).optional(),
});
export type TKnowledgeUploadFields = z.infer<typeof ZKnowledgeUploadFields>;

export const ZKnowledgeDocument = z.object({
  _id: zText(),
  fileName: zText(),
  contentType: zText(),
  size: z.number(),
  chunksCount: z.number(),
  /** The embedding model of its vectors; null: full-text search only. */
  embeddingModel: zText().nullable(),
  createdAt: zText(),
});
export type TKnowledgeDocument = z.infer<typeof ZKnowledgeDocument>;

export const ZKnowledgeBank = z.object({
  _id: zText(),
  id: zText(),
  name: zText(),
  orgId: zText().nullable(),
  documentsCount: z.number(),
  chunksCount: z.number(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TKnowledgeBank = z.infer<typeof ZKnowledgeBank>;

export const ZKnowledgeBankList = z.object({ data: z.array(ZKnowledgeBank) });
export const ZKnowledgeBankDetail = ZKnowledgeBank.extend({ documents: z.array(ZKnowledgeDocument) });
export type TKnowledgeBankDetail = z.infer<typeof ZKnowledgeBankDetail>;

export const ZKnowledgeUploadAnswer = z.object({
  bank: ZKnowledgeBank,
  document: ZKnowledgeDocument,
  /** How the passages were indexed: full-text always, vectors when a model and pgvector are there. */
  indexed: z.object({ fullText: z.boolean(), vectors: z.boolean(), credits: zText() }),
  /** Why the vectors are missing when a model is set (provider down, out of credits); else null. */
  notice: zText().nullable(),
});
export type TKnowledgeUploadAnswer = z.infer<typeof ZKnowledgeUploadAnswer>;

export const ZKnowledgeSearchRequest = z.object({
  bankIds: z.array(zId()).min(1).max(10),
  query: zText().trim().min(1).max(2000),
  limit: z.number().int().min(1).max(KNOWLEDGE_MAX_PASSAGES).optional(),
});
export type TKnowledgeSearchRequest = z.infer<typeof ZKnowledgeSearchRequest>;

/** One retrieved passage; `n` is its citation number ([1], [2]…) in the model's messages. */
export const ZKnowledgePassage = z.object({
  n: z.number(),
  bankId: zText(),
  documentId: zText(),
  fileName: zText(),
  page: z.number().nullable(),
  text: zText(),
  score: z.number(),
});
export type TKnowledgePassage = z.infer<typeof ZKnowledgePassage>;

export const ZKnowledgeSearchAnswer = z.object({
  /** 'hybrid' when both full-text and vectors ranked, else the one used. */
  method: z.enum(['fulltext', 'vector', 'hybrid']),
  /** Why vectors were not used although a model is set (provider down, out of credits); else null. */
  notice: zText().nullable(),
  passages: z.array(ZKnowledgePassage),
});
export type TKnowledgeSearchAnswer = z.infer<typeof ZKnowledgeSearchAnswer>;
