/**
 * Streaming Text to Speech in the browser: the server's `…/speech-stream` answer (MP3 as the provider
 * makes it) is fed to an `<audio>` through MediaSource, so the learner hears the start while the rest
 * is still arriving, and the same bytes are kept. When the stream ends the block's output is a data:
 * URL of those bytes, exactly what the whole-file `…/media` path answers: a MediaSource `blob:` URL
 * dies with the page, a data: URL in the run's saved state survives a reload and a later Transcribe
 * block can read it.
 */

import type { TMediaPort, TSpeechAnswer } from '../../shared/domain/runtime';
import { keepPlaying, showArriving } from './live-audio';

const MPEG = 'audio/mpeg';

/** The parts of MediaSource used here (a test passes its own; browsers without it fall back). */
export type TMediaSourceClass = {
  new (): MediaSource;
  isTypeSupported(type: string): boolean;
};

/** What plays the audio: an HTMLAudioElement in the browser. */
export type TAudioOut = Pick<HTMLAudioElement, 'play' | 'pause' | 'removeAttribute'> & { src: string };

export type TStreamEnv = {
  MediaSource?: TMediaSourceClass;
  createUrl: (source: MediaSource) => string;
  revokeUrl: (url: string) => void;
};

export const browserStreamEnv = (): TStreamEnv => ({
  MediaSource: (globalThis as { MediaSource?: TMediaSourceClass }).MediaSource,
  createUrl: (source) => URL.createObjectURL(source),
  revokeUrl: (url) => URL.revokeObjectURL(url),
});

/** True where MP3 can be played while it arrives (Chromium); Safari on iPhone and old browsers cannot. */
export function canStreamMpeg(env: Pick<TStreamEnv, 'MediaSource'>): boolean {
  const source = env.MediaSource;
  return typeof source === 'function' && typeof source.isTypeSupported === 'function'
    ? source.isTypeSupported(MPEG)
    : false;
}

/** A stream broken off half-way: the runtime reports it as a failed AI call with this code (Retry). */
export class SpeechStreamError extends Error {
  readonly errorCode = 'SPEECH_STREAM_BROKEN';
}

const once = (target: EventTarget, event: string) =>
  new Promise<void>((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener('error', () => reject(new SpeechStreamError('The audio cannot be played')), {
      once: true,
    });
  });

/** One append, finished: a SourceBuffer takes the next piece only once it has stopped updating. */
async function append(buffer: SourceBuffer, piece: Uint8Array): Promise<void> {
  const done = once(buffer, 'updateend');
  buffer.appendBuffer(piece as Uint8Array<ArrayBuffer>);
  await done;
}

/**
 * Plays `body` on `audio` as it arrives and answers every piece read, in order. Playback starts after
 * the first piece is appended; a refusal to autoplay leaves the audio paused with its controls (the
 * learner presses play). A stream that breaks off stops the audio and throws SpeechStreamError.
 */
export async function playWhileArriving(
  body: ReadableStream<Uint8Array>,
  audio: TAudioOut,
  env: TStreamEnv,
): Promise<Uint8Array[]> {
  const Source = env.MediaSource;
  if (!Source) throw new SpeechStreamError('MediaSource is missing');
  const source = new Source();
  const url = env.createUrl(source);
  audio.src = url;
  const kept: Uint8Array[] = [];
  const reader = body.getReader();
  try {
    if (source.readyState !== 'open') await once(source, 'sourceopen');
    // Attached: the element holds the source now, so the URL is no longer needed.
    env.revokeUrl(url);
    const buffer = source.addSourceBuffer(MPEG);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value?.byteLength) continue;
      kept.push(value);
      await append(buffer, value);
      if (kept.length === 1) audio.play().catch(() => {});
    }
    if (source.readyState === 'open') source.endOfStream();
    return kept;
  } catch (error) {
    reader.cancel().catch(() => {});
    audio.pause();
    audio.removeAttribute('src');
    if (error instanceof SpeechStreamError) throw error;
    throw new SpeechStreamError(error instanceof Error ? error.message : String(error));
  }
}

/** The kept pieces as one data: URL, as the server's whole-file speech answer is (media-calls.ts). */
export function asDataUrl(pieces: Uint8Array[], mediaType: string): Promise<string> {
  const blob = new Blob(pieces as Uint8Array<ArrayBuffer>[], { type: mediaType });
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export type TSpeechDeps = TStreamEnv & { createAudio: () => HTMLAudioElement };

export const browserSpeechDeps = (): TSpeechDeps => ({
  ...browserStreamEnv(),
  createAudio: () => new Audio(),
});

/** The block's request to `…/speech-stream` (contract ZPlayerSpeechStreamRequest). */
export type TStreamSpeechRequest = Parameters<TMediaPort['speech']>[0];

/**
 * The media port's speech for Streaming Text to Speech, or undefined where MediaSource cannot play
 * MP3: the caller then keeps the whole-file path. `open` posts the request and answers the Response
 * (an ApiError-like throw for a refusal before any audio). Offline the route answers the device-voice
 * JSON, passed on unchanged.
 */
export function streamedSpeechVia(
  open: (req: TStreamSpeechRequest) => Promise<Response>,
  deps: TSpeechDeps = browserSpeechDeps(),
): ((req: TStreamSpeechRequest) => Promise<TSpeechAnswer>) | undefined {
  if (!canStreamMpeg(deps)) return undefined;
  return async (req) => {
    const res = await open(req);
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    if (type === 'application/json') return ((await res.json()) as { data: TSpeechAnswer }).data;
    if (!res.body) throw new SpeechStreamError('The speech answer has no audio');
    const audio = deps.createAudio();
    const arrived = showArriving(audio);
    try {
      const pieces = await playWhileArriving(res.body, audio, deps);
      const url = await asDataUrl(pieces, type || MPEG);
      keepPlaying(url, audio);
      return { kind: 'audio', url };
    } finally {
      arrived();
    }
  };
}
