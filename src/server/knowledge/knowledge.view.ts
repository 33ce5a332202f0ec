import type { TKnowledgeBank, TKnowledgeDocument } from '../../shared/contract/knowledge';
import type { BankRow, DocumentRow } from './knowledge.repo';

export const bankView = (b: BankRow): TKnowledgeBank => ({
  _id: b.id,
  id: b.id,
  name: b.name,
  orgId: b.orgId,
  documentsCount: b.documentsCount,
  chunksCount: b.chunksCount,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

export const documentView = (d: DocumentRow): TKnowledgeDocument => ({
  _id: d.id,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  chunksCount: d.chunksCount,
  embeddingModel: d.embeddingModel,
  createdAt: d.createdAt.toISOString(),
});
