import type { TPlayerMediaRequest } from '../../shared/contract/player-media';
import { newId } from '../../shared/domain/ids';
import { isRecord } from '../../shared/domain/runtime/values';
import { createCreditsService } from '../credits/credits.service';
import { createMediaCalls, fromDataUrl, type MediaCallContext } from '../credits/media-calls';
import { insufficient } from '../credits/wallets';
import type { AppDeps } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { type AiSpend, createPlayerAi, playerAiReference } from './player.ai';
import type { PlayerAccess } from './player.service';

/** Which operations each media block may ask for: the payer pays only for what the flow's blocks do. */
const OPS_OF: Record<string, ReadonlyArray<TPlayerMediaRequest['op']>> = {
  textToSpeechNode: ['speech'],
  textToSpeechStreamingNode: ['speech'],
  transcribeSpeechNode: ['transcribe'],
  transcribeConversationNode: ['transcribe'],
  generateImageNode: ['image'],
  describeImageNode: ['describe'],
  describeVideoNode: ['describe'],
  generateVideoNode: ['video'],
  youtubeTranscribeNode: ['youtube'],
};

/**
 * The player's media calls (issue 32), with the AI route's access check and payer rules
 * (player.ai.ts): the block must be in the flow and of a type that makes this call.
 */
export function createPlayerMedia(deps: AppDeps) {
  const credits = createCreditsService(deps);
  const calls = createMediaCalls(deps, credits);
  const ai = createPlayerAi(deps);

  function checkBlock(nodes: unknown[], req: TPlayerMediaRequest): void {
    const node = nodes.find((n) => isRecord(n) && n.id === req.nodeId);
    if (!node || !isRecord(node)) throw badRequest('nodeId: no such block in this flow');
    if (node.type !== req.nodeType) throw badRequest('nodeType: is not the type of this block');
    if (!OPS_OF[req.nodeType]?.includes(req.op))
      throw badRequest(`op: a ${req.nodeType} block does not ${req.op}`);
  }

  /** A media call paid and booked as `spend` says (an assignment's, or an author's preview). */
  async function runFor(
    spend: Pick<AiSpend, 'payer' | 'reference' | 'by' | 'refusal'>,
    flow: { nodes: unknown[] },
    req: TPlayerMediaRequest,
    signal: AbortSignal,
  ) {
    checkBlock(flow.nodes, req);
    const { payer } = spend;
    const ctx: MediaCallContext = {
      payer,
      reference: spend.reference,
      idempotencyKey: `player-media:${newId()}`,
      by: spend.by,
      signal,
    };
    try {
      // A public link is used only while it has credits, even for a free model (as the AI route).
      if (payer.kind === 'accessLink' && (await credits.balanceOf(payer)).available <= 0n)
        throw insufficient(payer);
      return await dispatch(ctx, req);
    } catch (error) {
      const e = spend.refusal(error);
      if (e instanceof AppError) throw e;
      throw error;
    }
  }

  return {
    run: (
      access: PlayerAccess,
      flow: { _id: string; nodes: unknown[] },
      req: TPlayerMediaRequest,
      signal: AbortSignal,
    ) =>
      runFor(
        {
          payer: ai.payerOf(access),
          reference: playerAiReference(access.row.id, flow._id, req.nodeId),
          by: access.learner.kind === 'participant' ? access.learner.userId : null,
          refusal: (error) => ai.forLearner(error, access),
        },
        flow,
        req,
        signal,
      ),
    runFor,
  };

  function dispatch(ctx: MediaCallContext, req: TPlayerMediaRequest) {
    switch (req.op) {
      case 'speech':
        return calls.speech(ctx, req);
      case 'transcribe':
        return calls.transcribe(ctx, { ...req, audio: fromDataUrl(req.audio) });
      case 'image':
        return calls.image(ctx, req);
      case 'describe':
        return calls.describe(ctx, req);
      case 'video':
        return calls.video();
      case 'youtube':
        return calls.youtube(req, ctx.signal);
    }
  }
}
