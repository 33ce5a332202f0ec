import { ApiError } from '../../shared/api/http';
import type { TPlayerMediaRequest } from '../../shared/contract/player-media';
import type { TMediaPort, TSpeechAnswer } from '../../shared/domain/runtime';
import { youtubeVideoId } from '../../shared/domain/youtube';
import { base, playerApi, type TTarget } from '../player.api';
import { getAccessToken } from '../session';
import { streamedSpeechVia, type TStreamSpeechRequest } from './speech-stream';

/** An error the runtime reports with the port's errorCode (a credit refusal, a provider failure). */
class MediaPortError extends Error {
  constructor(
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
  }
}

/** Frames sampled from a video for Describe Video, and their longest side (vision models scale down anyway). */
const FRAMES = 4;
const FRAME_SIDE = 512;

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/**
 * The bytes of a learner's upload (our own /api/s3/download needs the learner's token) or of any
 * other address the page may read.
 */
async function blobOf(url: string): Promise<Blob> {
  const own = new URL(url, location.origin).origin === location.origin;
  const token = own ? await getAccessToken() : null;
  const res = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!res.ok) throw new MediaPortError(`Could not read ${url}`, 'MEDIA_UNREADABLE');
  return res.blob();
}

const asDataUrl = async (url: string) => (url.startsWith('data:') ? url : readAsDataUrl(await blobOf(url)));

/** A video's frames at 1/5, 2/5… of its length, as JPEG data: URLs drawn on a canvas. */
async function sampleFrames(url: string): Promise<string[]> {
  const source = URL.createObjectURL(await blobOf(url));
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.src = source;
  const once = (event: string) =>
    new Promise<void>((resolve, reject) => {
      video.addEventListener(event, () => resolve(), { once: true });
      video.addEventListener(
        'error',
        () => reject(new MediaPortError('The video cannot be read', 'MEDIA_UNREADABLE')),
        {
          once: true,
        },
      );
    });
  try {
    await once('loadedmetadata');
    const scale = Math.min(1, FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
    canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
    const frames: string[] = [];
    for (let i = 1; i <= FRAMES; i++) {
      video.currentTime = (video.duration * i) / (FRAMES + 1);
      await once('seeked');
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
      frames.push(canvas.toDataURL('image/jpeg', 0.7));
    }
    return frames;
  } finally {
    URL.revokeObjectURL(source);
  }
}

/** A YouTube video's own sampled frames (its thumbnails at 25 %, 50 %, 75 %), fetched by the provider. */
const youtubeFrames = (id: string) => [1, 2, 3].map((n) => `https://i.ytimg.com/vi/${id}/${n}.jpg`);

/**
 * The runtime's media port in the browser: each call goes to the server's paid media route, with the
 * learner's media read here (they are the learner's to read) and sent as data: URLs.
 */
export function browserMediaPort(target: TTarget, flowId: string): TMediaPort {
  return mediaPortVia(
    (body) => playerApi.media(target, flowId, body),
    streamedSpeechVia((req) => openSpeechStream(target, flowId, req)),
  );
}

/** POST …/speech-stream: the audio as it arrives; a refusal before any audio is a MediaPortError. */
async function openSpeechStream(target: TTarget, flowId: string, req: TStreamSpeechRequest) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = target.kind === 'assignment' ? await getAccessToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${base(target)}/flow/${flowId}/speech-stream`, {
    method: 'POST',
    headers,
    body: JSON.stringify(req),
  });
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as { message?: string; errorCode?: string };
  throw new MediaPortError(body.message ?? `Speech failed (${res.status})`, body.errorCode ?? 'http');
}

/**
 * The media port over any paid media route: an assignment's, a public link's or an author's preview.
 * `streamSpeech` (where the browser can play MP3 as it arrives) speaks Streaming Text to Speech blocks.
 */
export function mediaPortVia(
  post: (body: TPlayerMediaRequest) => Promise<{ data: unknown }>,
  streamSpeech?: (req: TStreamSpeechRequest) => Promise<TSpeechAnswer>,
): TMediaPort {
  async function send<T>(body: TPlayerMediaRequest): Promise<T> {
    try {
      return (await post(body)).data as T;
    } catch (error) {
      if (error instanceof ApiError) throw new MediaPortError(error.message, error.errorCode ?? error.kind);
      throw error;
    }
  }
  return {
    speech: (req) =>
      streamSpeech && req.nodeType === 'textToSpeechStreamingNode'
        ? streamSpeech(req)
        : send({ op: 'speech', ...req }),
    async transcribe({ audioUrl, ...req }) {
      return send({ op: 'transcribe', ...req, audio: await asDataUrl(audioUrl) });
    },
    image: (req) => send({ op: 'image', ...req }),
    async describe({ url, ...req }) {
      const id = req.kind === 'video' ? youtubeVideoId(url) : undefined;
      const images = id
        ? youtubeFrames(id)
        : req.kind === 'video'
          ? await sampleFrames(url)
          : [await asDataUrl(url)];
      return send({ op: 'describe', ...req, images });
    },
    video: (req) => send({ op: 'video', ...req }),
    youtubeTranscript: (req) => send({ op: 'youtube', ...req }),
  };
}
