import {
  CREDIT_ERROR_CODES,
  PlayerMessage,
  type TPlayerAiLine,
  type TPlayerAiRequest,
} from '../../shared/contract/player';
import { formatCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import type { AiCompletion, AiMessage, AiProvider } from '../adapters/ai/ai';
import { localModelOfFlow } from '../adapters/ai/local-models';
import { boundFor, costOf, modelOf } from '../credits/ai-usage';
import { createCreditsService, type TWalletOwner } from '../credits/credits.service';
import { insufficient } from '../credits/wallets';
import type { AppDeps } from '../http/context';
import { AppError } from '../http/errors';
import { createGrounding, sourcesLine } from '../knowledge/knowledge.ground';
import { createPlayerService, type PlayerAccess } from './player.service';

/**
 * Who pays for an AI call of a running flow and how it is booked: an assignment's (playerSpend) or an
 * author's preview of their own flow (player.preview.ts). One charging path for both.
 */
export interface AiSpend {
  payer: TWalletOwner;
  /** The ledger reference of the charge. */
  reference: string;
  /** The space whose knowledge banks a block may ground on. */
  space: { orgId: string | null; userId: string };
  /** The user who made the call, when one is signed in. */
  by: string | null;
  /** The saved flow's nodes (for a Local AI Model block's server). */
  nodes: () => Promise<ReadonlyArray<unknown>>;
  /** A credit refusal in the words of whoever runs the flow. */
  refusal: (error: unknown) => unknown;
}

/**
 * AI blocks of the player: the assignment's payer holds the most the call may cost,
 * the answer streams, then the real cost is settled (the rest freed) — or everything is released when
 * the call fails. Payer: PAY_BY_ME → the owner, PAY_BY_ORG → the organisation, PAY_BY_PARTICIPANT →
 * the learner, a public link → the link's own wallet.
 */
/**
 * The ledger reference of a player AI charge: 'player:<assignmentId>:<flowId>:<nodeId>'. The reports
 * sum an assignment's usage per flow by it (latest activities' totalCost).
 */
export const playerAiPrefix = (assignmentId: string) => `player:${assignmentId}:`;
export const playerAiReference = (assignmentId: string, flowId: string, nodeId: string) =>
  `${playerAiPrefix(assignmentId)}${flowId}:${nodeId}`.slice(0, 200);
/** The flow id of a reference made by playerAiReference (ids are 24 hex, so ':' never occurs in one). */
export const flowOfPlayerAiReference = (reference: string) => reference.split(':')[2] ?? '';

export function createPlayerAi(deps: AppDeps) {
  const credits = createCreditsService(deps);
  const grounding = createGrounding(deps);

  function payerOf({ row, learner }: PlayerAccess): TWalletOwner {
    if (learner.kind === 'public') return { kind: 'accessLink', id: learner.code };
    if (row.unitUsageOption === 'PAY_BY_PARTICIPANT') return { kind: 'user', userId: learner.userId };
    return credits.payerFor({ paymentOption: row.unitUsageOption, userId: row.ownerId, orgId: row.orgId });
  }

  /** A credit refusal as the learner should read it; the errorCode stays the spec's. */
  function forLearner(error: unknown, access: PlayerAccess): unknown {
    if (!(error instanceof AppError) || !(CREDIT_ERROR_CODES as readonly string[]).includes(error.code))
      return error;
    const message =
      access.learner.kind === 'public'
        ? PlayerMessage.linkOutOfCredits
        : error.code === 'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED'
          ? PlayerMessage.monthlyLimit
          : PlayerMessage.askTeacher;
    return new AppError(error.code, error.status, message, error.details);
  }

  /**
   * The chat provider of a block: the server's, or for a Local AI Model block the local model server set
   * on the block in the saved flow (never an address from the request).
   */
  async function providerFor(spend: AiSpend, req: TPlayerAiRequest): Promise<AiProvider> {
    if (req.nodeType !== 'localLLMConnectorNode') return deps.ai;
    return localModelOfFlow(await spend.nodes(), req.nodeId, req.model, deps.env.LOCAL_AI_HOSTS);
  }

  /** An assignment's AI call: its payer, its ledger reference (the reports read it), its learner's words. */
  const spendOf = (access: PlayerAccess, flowId: string, nodeId: string): AiSpend => ({
    payer: payerOf(access),
    reference: playerAiReference(access.row.id, flowId, nodeId),
    space: { orgId: access.row.orgId, userId: access.row.ownerId },
    by: access.learner.kind === 'participant' ? access.learner.userId : null,
    nodes: async () => (await createPlayerService(deps).flow(access, flowId)).nodes,
    refusal: (error) => forLearner(error, access),
  });

  /**
   * Checks the payer and holds the credits before any byte is sent (a refusal is a plain JSON error),
   * then answers a generator of NDJSON lines that settles when the stream ends.
   */
  async function startFor(spend: AiSpend, req: TPlayerAiRequest, signal: AbortSignal) {
    const { payer, reference, by } = spend;
    // Passages of the linked knowledge banks of the space (the query's embedding is charged too).
    const grounded = await grounding
      .ground({
        bankIds: req.knowledgeBankIds,
        space: spend.space,
        messages: req.messages,
        payer,
        reference,
        by,
        signal,
      })
      .catch((error: unknown) => {
        throw spend.refusal(error);
      });
    const messages: AiMessage[] = grounded.messages;
    const provider = await providerFor(spend, req);
    const model = modelOf(provider, req.model, deps.env.AI_MODEL);
    const upTo = boundFor(model, messages, req.maxTokens);
    let reservationId: string | null = null;
    try {
      if (upTo > 0n) {
        const r = await credits.reserve({
          payer,
          upTo,
          reference,
          idempotencyKey: `player-ai:${newId()}`,
          by,
        });
        reservationId = r.id;
      } else if (payer.kind === 'accessLink') {
        // A public link is used only while it has credits, even for a free model.
        if ((await credits.balanceOf(payer)).available <= 0n) throw insufficient(payer);
      }
    } catch (error) {
      throw spend.refusal(error);
    }

    async function* lines(): AsyncGenerator<TPlayerAiLine> {
      const answer: AiCompletion = { text: '', reasoning: '', usage: null };
      try {
        for await (const chunk of provider.stream({
          model: model ?? undefined,
          messages,
          maxTokens: req.maxTokens,
          signal,
          task: { kind: 'flow-block', purpose: req.purpose, expects: req.expects },
        })) {
          if (chunk.type === 'text') {
            answer.text += chunk.text;
            yield chunk;
          } else if (chunk.type === 'reasoning') answer.reasoning += chunk.text;
          else if (chunk.type === 'usage')
            answer.usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
        }
      } catch (error) {
        if (reservationId) await credits.release(reservationId).catch(() => undefined);
        const e = spend.refusal(error);
        yield e instanceof AppError
          ? { type: 'error', errorCode: String(e.code), message: e.message }
          : {
              type: 'error',
              errorCode: 'AI_PROVIDER_ERROR',
              message: 'The AI answer failed. Please try again.',
            };
        return;
      }
      // Where the cited facts came from: our words, not the model's, so not charged.
      const sources = sourcesLine(answer.text, grounded.passages);
      if (sources) yield { type: 'text', text: sources };
      const actual = costOf(model, messages, answer);
      const charged = reservationId ? (await credits.settle(reservationId, actual)).charged : 0n;
      const usage = answer.usage ?? { inputTokens: 0, outputTokens: 0 };
      yield { type: 'usage', ...usage, credits: formatCredits(charged) };
      yield { type: 'done' };
    }
    return lines();
  }

  return {
    /** Who pays for an AI call of this access (the media route uses the same rules). */
    payerOf,
    /** A credit refusal as the learner should read it (the media route uses it too). */
    forLearner,
    /** An assignment's AI call (see startFor). */
    start: (access: PlayerAccess, flowId: string, req: TPlayerAiRequest, signal: AbortSignal) =>
      startFor(spendOf(access, flowId, req.nodeId), req, signal),
    /** Any AI call of a running flow, paid and booked as `spend` says (the author's preview). */
    startFor,
  };
}
