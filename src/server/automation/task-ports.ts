import { randomUUID } from 'node:crypto';
import type { TAiPiece, TAiPort, TClockPort, TRandomPort } from '../../shared/domain/runtime';
import { localModelOfFlow } from '../adapters/ai/local-models';
import { boundFor, costOf, modelOf } from '../credits/ai-usage';
import type { CreditsService, TWalletOwner } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { createGrounding, sourcesLine } from '../knowledge/knowledge.ground';
import type { TSpaceRef } from '../knowledge/knowledge.repo';

/**
 * The runtime's ports for a task run on the server (runtime README: Ports). The AI port goes through
 * the AI provider layer and pays each call from the API key's wallet through the credits service:
 * reserve the most the call can cost, stream, settle what it used (the rest is freed). A block with
 * knowledge banks (a knowledge bot) is grounded as in the player: the passages of the task's space's
 * banks go in numbered, the query's embedding is paid from the same wallet, and the answer ends with
 * the sources it cited.
 */
export function keyPaidAi(
  deps: AppDeps,
  credits: CreditsService,
  run: {
    payer: TWalletOwner;
    runId: string;
    reference: string;
    signal?: AbortSignal;
    nodes?: () => ReadonlyArray<unknown>;
    /** The task's space: the knowledge banks a block may read. */
    space?: TSpaceRef;
  },
): TAiPort & { charged(): bigint } {
  let calls = 0;
  let charged = 0n;
  let grounding: ReturnType<typeof createGrounding> | null = null;
  // Made on the first grounded call only: most tasks have no knowledge bot.
  const grounder = () => {
    grounding = grounding ?? createGrounding(deps);
    return grounding;
  };
  return {
    charged: () => charged,
    async *stream(req): AsyncGenerator<TAiPiece> {
      const grounded =
        req.knowledgeBankIds?.length && run.space
          ? await grounder().ground({
              bankIds: req.knowledgeBankIds,
              space: run.space,
              messages: req.messages,
              payer: run.payer,
              reference: run.reference,
              by: null,
              signal: run.signal,
            })
          : { messages: req.messages, passages: [] };
      const messages = grounded.messages;
      // Where the cited facts came from: our words, not the model's, so not charged.
      const sources = (text: string): TAiPiece[] => {
        const line = sourcesLine(text, grounded.passages);
        return line ? [{ type: 'text', text: line }] : [];
      };
      // A Local AI Model block talks to the local model server set on it in the saved flow.
      const provider =
        req.nodeType === 'localLLMConnectorNode'
          ? localModelOfFlow(run.nodes?.() ?? [], req.nodeId, req.model, deps.env.LOCAL_AI_HOSTS)
          : deps.ai;
      const model = modelOf(provider, req.model, deps.env.AI_MODEL);
      const upTo = boundFor(model, messages, req.maxTokens);
      const call = {
        model: req.model,
        messages,
        maxTokens: req.maxTokens,
        signal: run.signal,
        task: { kind: 'flow-block' as const, purpose: req.purpose, expects: req.expects },
      };
      if (upTo === 0n) {
        let said = '';
        for await (const chunk of provider.stream(call)) {
          if (chunk.type === 'text') said += chunk.text;
          if (chunk.type !== 'done') yield chunk;
        }
        yield* sources(said);
        yield { type: 'done' };
        return;
      }
      const hold = await credits.reserve({
        payer: run.payer,
        upTo,
        reference: run.reference,
        idempotencyKey: `task-run:${run.runId}:ai:${calls++}`,
      });
      const answer = {
        text: '',
        reasoning: '',
        usage: null as { inputTokens: number; outputTokens: number } | null,
      };
      let ok = false;
      try {
        for await (const chunk of provider.stream(call)) {
          if (chunk.type === 'text') answer.text += chunk.text;
          else if (chunk.type === 'reasoning') answer.reasoning += chunk.text;
          else if (chunk.type === 'usage')
            answer.usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
          if (chunk.type !== 'done') yield chunk;
        }
        ok = true;
        yield* sources(answer.text);
        yield { type: 'done' };
      } finally {
        // A failed call that produced nothing is free; a call stopped half-way pays what it used.
        if (!ok && !answer.text && !answer.usage) await credits.release(hold.id).catch(() => undefined);
        else charged += (await credits.settle(hold.id, costOf(model, messages, answer))).charged;
      }
    },
  };
}

/**
 * A run answers over HTTP, so Wait blocks do not hold the call open: the clock moves forward by the
 * wait instead (the flow sees the time pass, the caller does not wait).
 */
export function virtualClock(): TClockPort {
  let skipped = 0;
  return {
    now: () => Date.now() + skipped,
    sleep: async (ms) => {
      skipped += ms;
    },
  };
}

export const cryptoRandom: TRandomPort = {
  next: () => {
    const b = new Uint32Array(1);
    globalThis.crypto.getRandomValues(b);
    return b[0] / 4294967296;
  },
  uuid: () => randomUUID(),
};
