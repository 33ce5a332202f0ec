import type { TKnowledgePassage } from '../../shared/contract/knowledge';
import { newId } from '../../shared/domain/ids';
import { type AiMessage, textOf } from '../adapters/ai/ai';
import { createEmbedder, type Embedder } from '../adapters/ai/embeddings';
import { createFileStorage } from '../adapters/storage/storage';
import type { TWalletOwner } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { banksReadable, type TSpaceRef } from './knowledge.repo';
import { passagesMessage } from './knowledge.retrieve';
import { createKnowledgeService } from './knowledge.service';

/**
 * Grounds an AI call in knowledge banks (a block's `knowledgeBankIds`): the banks the call's space may
 * read are searched with the last user message, the passages go in as a numbered system message
 * after the block's own, and `sourcesLine` names the passages the answer cited ([n]) so the learner
 * sees where each fact came from. Banks of another space are skipped without a word, as if empty.
 */
export function createGrounding(deps: AppDeps, embedder: Embedder | null = createEmbedder(deps.env)) {
  const storage = deps.storage ?? createFileStorage(deps.env, deps.logger);
  const { retriever } = createKnowledgeService(deps, storage, embedder);
  return {
    async ground(input: {
      bankIds: string[] | undefined;
      space: TSpaceRef;
      messages: AiMessage[];
      payer: TWalletOwner;
      reference: string;
      by: string | null;
      signal?: AbortSignal;
    }): Promise<{ messages: AiMessage[]; passages: TKnowledgePassage[] }> {
      if (!input.bankIds?.length) return { messages: input.messages, passages: [] };
      const bankIds = await banksReadable(deps.database.db, input.bankIds, input.space);
      const question = [...input.messages].reverse().find((m) => m.role === 'user');
      const query = question ? textOf(question.content) : '';
      if (!bankIds.length || !query.trim()) return { messages: input.messages, passages: [] };
      const { passages } = await retriever.retrieve({
        bankIds,
        query: query.slice(0, 2000),
        payer: input.payer,
        reference: input.reference,
        idempotencyKey: `knowledge-query:${newId()}`,
        by: input.by,
        signal: input.signal,
      });
      const note: AiMessage = {
        role: 'system',
        content:
          passagesMessage(passages) ||
          'The knowledge bank has no passage about this question: say that the documents do not cover it.',
      };
      const firstOther = input.messages.findIndex((m) => m.role !== 'system');
      const at = firstOther < 0 ? input.messages.length : firstOther;
      return { messages: [...input.messages.slice(0, at), note, ...input.messages.slice(at)], passages };
    },
  };
}

/** "Sources: [1] science.pdf, page 2; [3] plants.docx" for the passages an answer cites; '' for none. */
export function sourcesLine(answer: string, passages: TKnowledgePassage[]): string {
  const cited = new Set([...answer.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1])));
  const used = passages.filter((p) => cited.has(p.n));
  if (!used.length) return '';
  const list = used.map((p) => `[${p.n}] ${p.fileName}${p.page ? `, page ${p.page}` : ''}`).join('; ');
  return `\n\nSources: ${list}`;
}
