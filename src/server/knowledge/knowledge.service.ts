import { ErrorCode } from '../../shared/contract/errors';
import type { TKnowledgeUploadAnswer, TKnowledgeUploadFields } from '../../shared/contract/knowledge';
import { KNOWLEDGE_MAX_BYTES } from '../../shared/contract/knowledge';
import { formatCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import { chunkPages } from '../../shared/domain/knowledge/chunks';
import { priceCall } from '../../shared/domain/models/pricing';
import { checkUpload } from '../../shared/domain/upload-types';
import { createEmbedder, type Embedder } from '../adapters/ai/embeddings';
import type { FileStorage } from '../adapters/storage/storage';
import { createCreditsService } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import type { Caller } from '../tools/caller';
import { documentPages } from './extract';
import {
  deleteBank,
  deleteDocument,
  findBankInSpace,
  findDocument,
  hasVectors,
  insertBank,
  insertDocument,
  listBanks,
  listDocuments,
} from './knowledge.repo';
import { createRetriever } from './knowledge.retrieve';
import { bankView, documentView } from './knowledge.view';

const space = (caller: Caller) => ({ orgId: caller.orgId, userId: caller.userId });

/** Upload, list and delete a space's knowledge banks; retrieval is in knowledge.retrieve.ts. */
export function createKnowledgeService(
  deps: AppDeps,
  storage: FileStorage,
  embedder: Embedder | null = createEmbedder(deps.env),
) {
  const db = deps.database.db;
  const credits = createCreditsService(deps);
  const retriever = createRetriever(db, credits, embedder);

  async function bankOf(caller: Caller, bankId: string) {
    const row = await findBankInSpace(db, bankId, space(caller));
    // Another space's bank answers like one that does not exist.
    if (!row) throw notFound('Knowledge bank');
    return row;
  }

  /** The uploader of the bank, or an admin of its organisation. */
  function mayChange(caller: Caller, bank: { ownerId: string; orgId: string | null }) {
    if (bank.ownerId !== caller.userId && !(bank.orgId && caller.role === 'admin'))
      throw forbidden('Only who created this knowledge bank or an organisation admin may change it.');
  }

  /** Vectors of the passages, charged to the space's payer; null (full-text only) with the reason when they cannot be made. */
  async function embed(caller: Caller, texts: string[], documentId: string) {
    if (!embedder || !(await hasVectors(db))) return { vectors: null, charged: 0n, notice: null };
    const model = embedder.model;
    const estimate = texts.reduce((n, t) => n + Math.ceil(t.length / 2), 0) + texts.length * 8;
    const upTo = priceCall(model, { inputTokens: estimate });
    const run = async () => {
      const out = await embedder.embed(texts);
      return { result: out.vectors, actual: priceCall(model, { inputTokens: out.inputTokens }) };
    };
    try {
      if (upTo <= 0n) return { vectors: (await run()).result, charged: 0n, notice: null };
      const done = await credits.withReservation(
        {
          payer: credits.payerForSpace(caller, caller.userId),
          upTo,
          reference: `knowledge:${documentId}`,
          idempotencyKey: `knowledge-embed:${documentId}`,
          by: caller.userId,
        },
        run,
      );
      return { vectors: done.result, charged: done.charged, notice: null };
    } catch (error) {
      const why = error instanceof Error ? error.message : 'the embedding model failed';
      return { vectors: null, charged: 0n, notice: `Indexed for full-text search only: ${why}` };
    }
  }

  return {
    retriever,

    async upload(
      caller: Caller,
      file: { name: string; bytes: Uint8Array },
      fields: TKnowledgeUploadFields,
    ): Promise<TKnowledgeUploadAnswer> {
      if (file.bytes.byteLength > KNOWLEDGE_MAX_BYTES)
        throw new AppError(
          ErrorCode.PAYLOAD_TOO_LARGE,
          413,
          `file: larger than ${KNOWLEDGE_MAX_BYTES / 1024 / 1024} MB`,
        );
      const checked = checkUpload(file.name, file.bytes);
      if (!checked.ok) throw badRequest(`file: ${checked.reason}`);
      if (checked.kind !== 'document')
        throw badRequest('file: must be a document (.pdf, .docx, .doc or .txt)');
      const existing = fields.bankId ? await bankOf(caller, fields.bankId) : null;
      if (existing) mayChange(caller, existing);
      // Read before anything is written: a document with no text is refused, not stored.
      const chunks = chunkPages(await documentPages(checked.ext, file.bytes));
      if (!chunks.length)
        throw badRequest('file: no text was found in it (a scanned PDF needs text recognition first)');
      const bank =
        existing ??
        (await insertBank(db, {
          id: newId(),
          ownerId: caller.userId,
          orgId: caller.orgId,
          name:
            fields.name ??
            (file.name
              .replace(/\.[a-z0-9]+$/i, '')
              .trim()
              .slice(0, 200) ||
              'Knowledge bank'),
        }));
      const documentId = newId();
      const key = `knowledge/${caller.orgId ?? caller.userId}/${bank.id}/${documentId}.${checked.ext}`;
      await storage.put(key, file.bytes, checked.mime);
      const embedded = await embed(
        caller,
        chunks.map((c) => c.text),
        documentId,
      );
      let doc: Awaited<ReturnType<typeof insertDocument>>;
      try {
        doc = await insertDocument(db, {
          id: documentId,
          bankId: bank.id,
          uploadedBy: caller.userId,
          fileName: file.name.slice(0, 255),
          contentType: checked.mime,
          size: file.bytes.byteLength,
          storageKey: key,
          chunks,
          vectors: embedded.vectors,
          embeddingModel: embedder?.model ?? null,
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      const fresh = (await findBankInSpace(db, bank.id, space(caller))) ?? bank;
      return {
        bank: bankView(fresh),
        document: documentView(doc),
        indexed: {
          fullText: true,
          vectors: embedded.vectors !== null,
          credits: formatCredits(embedded.charged),
        },
        notice: embedded.notice,
      };
    },

    list: async (caller: Caller) => (await listBanks(db, space(caller))).map(bankView),

    async detail(caller: Caller, bankId: string) {
      const bank = await bankOf(caller, bankId);
      return { ...bankView(bank), documents: (await listDocuments(db, bank.id)).map(documentView) };
    },

    async removeBank(caller: Caller, bankId: string) {
      const bank = await bankOf(caller, bankId);
      mayChange(caller, bank);
      const keys = await deleteBank(db, bank.id);
      await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
    },

    async removeDocument(caller: Caller, bankId: string, documentId: string) {
      const bank = await bankOf(caller, bankId);
      mayChange(caller, bank);
      const doc = await findDocument(db, bank.id, documentId);
      if (!doc || !(await deleteDocument(db, bank.id, documentId))) throw notFound('Document');
      await storage.delete(doc.storageKey).catch(() => undefined);
    },
  };
}
