import { expect, vi } from 'vitest';
import type { TSpeechDeps } from '../../src/player/run/speech-stream';

/**
 * happy-dom has no MediaSource: this one keeps what a SourceBuffer is given and finishes each append
 * on a later task, as a browser does; Chromium's real one is proven by the e2e test.
 */
export class RecordingSourceBuffer extends EventTarget {
  appended: Uint8Array[] = [];
  updating = false;
  appendBuffer(piece: Uint8Array) {
    if (this.updating) throw new Error('InvalidStateError: still updating');
    this.appended.push(piece);
    this.updating = true;
    setTimeout(() => {
      this.updating = false;
      this.dispatchEvent(new Event('updateend'));
    });
  }
}

export function mediaSourceClass(supportsMpeg = true) {
  const made: Array<{ buffer?: RecordingSourceBuffer; ended: boolean }> = [];
  class ScriptedMediaSource extends EventTarget {
    readyState = 'closed';
    record: { buffer?: RecordingSourceBuffer; ended: boolean } = { ended: false };
    static isTypeSupported = (type: string) => supportsMpeg && type === 'audio/mpeg';
    constructor() {
      super();
      made.push(this.record);
      setTimeout(() => {
        this.readyState = 'open';
        this.dispatchEvent(new Event('sourceopen'));
      });
    }
    addSourceBuffer(type: string) {
      expect(type).toBe('audio/mpeg');
      this.record.buffer = new RecordingSourceBuffer();
      return this.record.buffer;
    }
    endOfStream() {
      this.record.ended = true;
      this.readyState = 'ended';
    }
  }
  return { MediaSource: ScriptedMediaSource as unknown as TSpeechDeps['MediaSource'], made };
}

export function audioOut() {
  return { src: '', play: vi.fn(async () => {}), pause: vi.fn(), removeAttribute: vi.fn(), controls: false };
}

/** A MediaSource world for streamedSpeechVia; `audio` is what createAudio hands out (a fake by default). */
export function deps<A extends object = ReturnType<typeof audioOut>>(supportsMpeg = true, audio?: A) {
  const { MediaSource, made } = mediaSourceClass(supportsMpeg);
  const out = audio ?? (audioOut() as unknown as A);
  const revoked: string[] = [];
  const d: TSpeechDeps = {
    MediaSource,
    createUrl: () => 'blob:source-1',
    revokeUrl: (url) => revoked.push(url),
    createAudio: () => out as unknown as HTMLAudioElement,
  };
  return { d, made, audio: out, revoked };
}

/** A body whose pieces the test releases one at a time, as a slow network does. */
export function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return { body, controller };
}

export const pieces = [
  new Uint8Array([0xff, 0xf3, 0x44, 0xc4]),
  new Uint8Array([1, 2, 3, 4, 5]),
  new Uint8Array([6, 7]),
];
export const joined = (parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
