import { formatCredits } from '../../shared/domain/decimal';
import { modelByCode } from '../../shared/domain/models/catalogue';
import { NODE_MODELS } from '../../shared/domain/models/node-models';
import type {
  TDescribeAnswer,
  TImageAnswer,
  TSpeechAnswer,
  TTranscriptAnswer,
  TVideoAnswer,
  TYoutubeAnswer,
} from '../../shared/domain/runtime/ports-media';
import { type AiCompletion, type AiContentPart, type AiMessage, complete } from '../adapters/ai/ai';
import type { AiMediaProvider } from '../adapters/ai/media';
import { createAiMediaProvider } from '../adapters/ai/provider';
import { createYoutubeCaptions, type YoutubeCaptions } from '../adapters/youtube/captions';
import type { AppDeps } from '../http/context';
import { boundFor, costOf } from './ai-usage';
import type { CreditsService, TWalletOwner } from './credits.service';
import { imageCost, speechBound, speechCost, transcriptionBound, transcriptionCost } from './media-usage';

/**
 * The media blocks' calls, each paid through the credits service: reserve the most it may cost, call
 * the provider, settle the real cost (the rest is freed) — or release it all when the call fails. Used by
 * the player's media route and by automation tasks; the payer and the ledger reference are theirs.
 * Offline (no AI_BASE_URL) every call is free and answers with its notice code.
 */
export interface MediaCallContext {
  payer: TWalletOwner;
  /** Ledger reference of the charges (the reports sum a player's by it). */
  reference: string;
  /** Unique per call: a retried request with the same key is charged once. */
  idempotencyKey: string;
  by?: string | null;
  signal?: AbortSignal;
}

type TBlock = { nodeType: string; model?: string };
/** A result and the credits its call was charged, when it was. */
export type TPaid<T> = T & { credits?: string };

const VISION_OUTPUT_TOKENS = 1000;

/** The model code a media call uses: the block's choice, else the node type's default (spec 03 §9). */
export function mediaModelOf(nodeType: string, requested: string | undefined, fallback: string): string {
  return requested ?? NODE_MODELS[nodeType]?.defaultModel ?? fallback;
}

/** The name the provider knows the model by (the catalogue's providerModel), else the code itself. */
const providerModel = (code: string) => modelByCode(code)?.providerModel ?? code;

export const dataUrl = (mediaType: string, bytes: Uint8Array) =>
  `data:${mediaType};base64,${Buffer.from(bytes).toString('base64')}`;

/** A data: URL's type and bytes (the contract has checked its shape). */
export function fromDataUrl(url: string): { mediaType: string; bytes: Uint8Array } {
  const comma = url.indexOf(',');
  const mediaType = url.slice(5, comma).split(';')[0];
  return { mediaType, bytes: new Uint8Array(Buffer.from(url.slice(comma + 1), 'base64')) };
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

export function createMediaCalls(deps: AppDeps, credits: CreditsService) {
  const media: AiMediaProvider = deps.aiMedia ?? createAiMediaProvider(deps.env);
  const youtube: YoutubeCaptions = deps.youtube ?? createYoutubeCaptions();
  const offline = media.offline || deps.ai.offline;

  /** Runs `call` inside a hold of `bound` (none when it is free) and settles what `cost` says it used. */
  async function paid<T>(
    ctx: MediaCallContext,
    bound: bigint,
    call: () => Promise<T>,
    cost: (result: T) => bigint,
  ): Promise<TPaid<T>> {
    if (bound <= 0n) return (await call()) as TPaid<T>;
    const { result, charged } = await credits.withReservation(
      {
        payer: ctx.payer,
        upTo: bound,
        reference: ctx.reference,
        idempotencyKey: ctx.idempotencyKey,
        by: ctx.by,
      },
      async () => {
        const result = await call();
        return { result, actual: cost(result) };
      },
    );
    return { ...result, credits: formatCredits(charged) };
  }

  return {
    offline,

    async speech(
      ctx: MediaCallContext,
      req: TBlock & { text: string; voice?: string },
    ): Promise<TPaid<TSpeechAnswer>> {
      const model = offline ? null : mediaModelOf(req.nodeType, req.model, 'gpt-4o-mini-tts');
      const chars = req.text.length;
      const answer = await paid(
        ctx,
        speechBound(model, chars),
        () =>
          media.speech({
            model: providerModel(model ?? ''),
            input: req.text,
            voice: req.voice,
            signal: ctx.signal,
          }),
        () => speechCost(model, chars),
      );
      if (answer.kind === 'device-voice')
        return { kind: 'device-voice', text: answer.text, notice: 'device-voice' };
      return {
        kind: 'audio',
        url: dataUrl(answer.mediaType, answer.bytes),
        ...(answer.credits ? { credits: answer.credits } : {}),
      };
    },

    async transcribe(
      ctx: MediaCallContext,
      req: TBlock & {
        audio: { mediaType: string; bytes: Uint8Array };
        language?: string;
        speakers?: boolean;
      },
    ): Promise<TPaid<TTranscriptAnswer>> {
      const model = offline ? null : mediaModelOf(req.nodeType, req.model, 'gpt-4o-mini-transcribe');
      const size = req.audio.bytes.byteLength;
      const answer = await paid(
        ctx,
        transcriptionBound(model, size),
        () =>
          media.transcribe({
            model: providerModel(model ?? ''),
            audio: req.audio.bytes,
            mediaType: req.audio.mediaType,
            fileName: `recording.${EXTENSIONS[req.audio.mediaType] ?? 'webm'}`,
            language: req.language,
            speakers: req.speakers,
            signal: ctx.signal,
          }),
        (t) => transcriptionCost(model, size, t.seconds),
      );
      if (answer.notice) return { text: answer.text, notice: 'offline-transcript' };
      return { text: answer.text, ...(answer.credits ? { credits: answer.credits } : {}) };
    },

    async image(ctx: MediaCallContext, req: TBlock & { prompt: string }): Promise<TPaid<TImageAnswer>> {
      const model = offline ? null : mediaModelOf(req.nodeType, req.model, 'gpt-image-1');
      const cost = imageCost(model, 1);
      const answer = await paid(
        ctx,
        cost,
        () => media.image({ model: providerModel(model ?? ''), prompt: req.prompt, signal: ctx.signal }),
        () => cost,
      );
      const url = dataUrl(answer.mediaType, answer.bytes);
      if (answer.notice) return { url, notice: 'offline-image' };
      return { url, ...(answer.credits ? { credits: answer.credits } : {}) };
    },

    /** Vision: a chat with image parts (a video as its sampled frames), charged by tokens. */
    async describe(
      ctx: MediaCallContext,
      req: TBlock & { kind: 'image' | 'video'; images: string[]; prompt: string },
    ): Promise<TPaid<TDescribeAnswer>> {
      const model = deps.ai.offline ? null : mediaModelOf(req.nodeType, req.model, deps.env.AI_MODEL);
      const what =
        req.kind === 'video' ? `these ${req.images.length} frames of one video, in order` : 'this image';
      const parts: AiContentPart[] = [
        { type: 'text', text: req.prompt.trim() || `Describe ${what} for a learner, plainly and briefly.` },
        ...req.images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
      ];
      const messages: AiMessage[] = [
        { role: 'system', content: `You describe ${what}. Answer in the language of the question.` },
        { role: 'user', content: parts },
      ];
      const answer = await paid<AiCompletion>(
        ctx,
        boundFor(model, messages, VISION_OUTPUT_TOKENS),
        () =>
          complete(deps.ai, {
            model: model ? providerModel(model) : undefined,
            messages,
            maxTokens: VISION_OUTPUT_TOKENS,
            signal: ctx.signal,
          }),
        (a) => costOf(model, messages, a),
      );
      if (deps.ai.offline) return { text: answer.text, notice: 'offline-describe' };
      return { text: answer.text, ...(answer.credits ? { credits: answer.credits } : {}) };
    },

    /**
     * No video generation adapter yet: OpenAI-compatible servers have no common video endpoint (Sora's
     * is an asynchronous job API of its own). Said plainly, and nothing is charged.
     */
    async video(): Promise<TVideoAnswer> {
      return { notice: 'no-video-model' };
    },

    youtube(req: { url: string; language?: string }, signal?: AbortSignal): Promise<TYoutubeAnswer> {
      return youtube.transcript(req.url, req.language, signal);
    },

    voices: () => media.voices(),
  };
}
export type MediaCalls = ReturnType<typeof createMediaCalls>;
