import type { TPlayerMediaRequest, TPlayerSpeechStreamRequest } from '../../shared/contract/player-media';
import { newId } from '../../shared/domain/ids';
import { isRecord } from '../../shared/domain/runtime/values';
import { createAiMediaProvider } from '../adapters/ai/provider';
import { createCreditsService } from '../credits/credits.service';
import { createMediaCalls, fromDataUrl, type MediaCallContext } from '../credits/media-calls';
import { createSpeechStream } from '../credits/speech-stream';
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
 * The player's media calls, with the AI route's access check and payer rules
 * (player.ai.ts): the block must be in the flow and of a type that makes this call.
 */
export function createPlayerMedia(deps: AppDeps) {
  const credits = createCreditsService(deps);
  const calls = createMediaCalls(deps, credits);
  const ai = createPlayerAi(deps);
  const provider = deps.aiMedia ?? createAiMediaProvider(deps.env);
  const streamSpeech = createSpeechStream(provider, credits, provider.offline || deps.ai.offline);

  function checkBlock(nodes: unknown[], req: TPlayerMediaRequest): void {
    const node = nodes.find((n) => isRecord(n) && n.id === req.nodeId);
    if (!node || !isRecord(node)) throw badRequest('nodeId: no such block in this flow');
    if (node.type !== req.nodeType) throw badRequest('nodeType: is not the type of this block');
    if (!OPS_OF[req.nodeType]?.includes(req.op))
      throw badRequest(`op: a ${req.nodeType} block does not ${req.op}`);
  }

  /** A media call paid and booked as `spend` says (an assignment's, or an author's preview). */
  async function runFor<T = Awaited<ReturnType<typeof dispatch>>>(
    spend: Pick<AiSpend, 'payer' | 'reference' | 'by' | 'refusal'>,
    flow: { nodes: unknown[] },
    req: TPlayerMediaRequest,
    signal: AbortSignal,
    call: (ctx: MediaCallContext, req: TPlayerMediaRequest) => Promise<T> = dispatch as never,
  ): Promise<T> {
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
      return await call(ctx, req);
    } catch (error) {
      const e = spend.refusal(error);
      if (e instanceof AppError) throw e;
      throw error;
    }
  }

  const spendOf = (access: PlayerAccess, flowId: string, nodeId: string) => ({
    payer: ai.payerOf(access),
    reference: playerAiReference(access.row.id, flowId, nodeId),
    by: access.learner.kind === 'participant' ? access.learner.userId : null,
    refusal: (error: unknown) => ai.forLearner(error, access),
  });

  return {
    run: (
      access: PlayerAccess,
      flow: { _id: string; nodes: unknown[] },
      req: TPlayerMediaRequest,
      signal: AbortSignal,
    ) => runFor(spendOf(access, flow._id, req.nodeId), flow, req, signal),
    /** Streaming Text to Speech: the provider's audio as it arrives (speech-stream.ts). */
    speechStream: (
      access: PlayerAccess,
      flow: { _id: string; nodes: unknown[] },
      req: TPlayerSpeechStreamRequest,
      signal: AbortSignal,
    ) =>
      runFor(spendOf(access, flow._id, req.nodeId), flow, { ...req, op: 'speech' }, signal, (ctx) =>
        streamSpeech(ctx, req),
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
