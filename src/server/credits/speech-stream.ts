import { modelByCode } from '../../shared/domain/models/catalogue';
import { AiProviderError } from '../adapters/ai/ai';
import type { AiMediaProvider, AiSpeechStream } from '../adapters/ai/media';
import type { CreditsService } from './credits.service';
import { type MediaCallContext, mediaModelOf } from './media-calls';
import { speechBound, speechCost } from './media-usage';

/**
 * Streaming Text to Speech: the provider's `/audio/speech` body passed on to the player as it arrives,
 * so the learner hears the start while the rest is still being made. It is paid as the whole answer is
 * (media-calls.ts speech): the bound for its characters is held before the provider is asked, the
 * usual cost for its characters settled once the last byte has gone out, and everything released when
 * the provider refuses, breaks off mid-way or the listener goes away (a cut-off recording is not paid).
 */
export type TSpeechStreamAnswer =
  | { kind: 'device-voice'; text: string; notice: 'device-voice' }
  | (AiSpeechStream & { kind: 'stream'; settled: Promise<void> });

type TSpeechBlock = { nodeType: string; model?: string; text: string; voice?: string };

export function createSpeechStream(media: AiMediaProvider, credits: CreditsService, offline: boolean) {
  return async function speechStream(ctx: MediaCallContext, req: TSpeechBlock): Promise<TSpeechStreamAnswer> {
    const speak = media.speechStream?.bind(media);
    // Offline, or a provider that cannot stream: the phone's own voice reads it, and says so.
    if (offline || !speak) return { kind: 'device-voice', text: req.text, notice: 'device-voice' };
    const model = mediaModelOf(req.nodeType, req.model, 'gpt-4o-mini-tts');
    const chars = req.text.length;
    const ask = () =>
      speak({
        model: modelByCode(model)?.providerModel ?? model,
        input: req.text,
        voice: req.voice,
        signal: ctx.signal,
      });
    const bound = speechBound(model, chars);
    if (bound <= 0n) {
      const upstream = await ask();
      return { kind: 'stream', ...relay(upstream).stream, settled: Promise.resolve() };
    }

    // The hold lasts while the audio flows: withReservation settles when `run` ends, releases if it throws.
    let opened: (stream: AiSpeechStream) => void = () => {};
    const ready = new Promise<AiSpeechStream>((resolve) => {
      opened = resolve;
    });
    const held = credits.withReservation(
      {
        payer: ctx.payer,
        upTo: bound,
        reference: ctx.reference,
        idempotencyKey: ctx.idempotencyKey,
        by: ctx.by,
      },
      async () => {
        const { stream, finished } = relay(await ask());
        opened(stream);
        await finished;
        return { result: undefined, actual: speechCost(model, chars) };
      },
    );
    // A refusal (credits, provider) before the first byte is the caller's error to answer.
    const stream = await Promise.race([ready, held.then(() => new Promise<never>(() => {}))]);
    const settled = held.then(
      () => undefined,
      () => undefined,
    );
    return { kind: 'stream', ...stream, settled };
  };
}

/**
 * The provider's body as a stream of our own, read only as the listener reads (its pace, no buffering
 * here); `finished` resolves after the last byte and rejects when either side breaks off.
 */
function relay(upstream: AiSpeechStream): { stream: AiSpeechStream; finished: Promise<void> } {
  const reader = upstream.body.getReader();
  let done: () => void = () => {};
  let broke: (error: unknown) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    done = resolve;
    broke = reject;
  });
  finished.catch(() => undefined);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          if (sent === 0) throw new AiProviderError('AI provider error: the provider sent no audio');
          controller.close();
          done();
          return;
        }
        sent += next.value.byteLength;
        controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
        broke(error);
      }
    },
    async cancel(reason) {
      broke(new Error('the listener went away'));
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  return { stream: { mediaType: upstream.mediaType, body }, finished };
}
