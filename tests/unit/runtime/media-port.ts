import type { TMediaPort } from '../../../src/shared/domain/runtime';

type TCall = { op: keyof TMediaPort; req: Record<string, unknown> };

/**
 * A media port that answers like the server's (online) or like the offline default, and records every
 * call; `fail` makes one operation throw with an errorCode, as a credit refusal does.
 */
export function fakeMedia(mode: 'online' | 'offline', fail?: { op: keyof TMediaPort; errorCode: string }) {
  const calls: TCall[] = [];
  const seen = (op: keyof TMediaPort, req: object) => {
    calls.push({ op, req: req as Record<string, unknown> });
    if (fail?.op === op) throw Object.assign(new Error('refused'), { errorCode: fail.errorCode });
  };
  const online = mode === 'online';
  const port: TMediaPort = {
    async speech(req) {
      seen('speech', req);
      return online
        ? { kind: 'audio', url: `https://files.test/speech-${req.text.length}.mp3` }
        : { kind: 'device-voice', text: req.text, notice: 'device-voice' };
    },
    async transcribe(req) {
      seen('transcribe', req);
      return online
        ? { text: `${req.speakers ? 'Speaker 1: ' : ''}heard ${req.audioUrl}` }
        : { text: '', notice: 'offline-transcript' };
    },
    async image(req) {
      seen('image', req);
      return online
        ? { url: 'https://files.test/generated.png' }
        : { url: 'data:image/svg+xml,placeholder', notice: 'offline-image' };
    },
    async describe(req) {
      seen('describe', req);
      return online ? { text: `a ${req.kind} of a cat` } : { text: '[offline]', notice: 'offline-describe' };
    },
    async video(req) {
      seen('video', req);
      return online ? { url: 'https://files.test/clip.mp4' } : { notice: 'no-video-model' };
    },
    async youtubeTranscript(req) {
      seen('youtubeTranscript', req);
      return req.url.includes('youtu')
        ? { text: 'never gonna give you up' }
        : { notice: 'youtube-not-a-video' };
    },
  };
  return { port, calls };
}
