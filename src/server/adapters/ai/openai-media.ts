import { AiProviderError, abortError, isAbortError } from './ai';
import type {
  AiImage,
  AiImageRequest,
  AiMediaProvider,
  AiSpeech,
  AiSpeechRequest,
  AiSpeechStream,
  AiTranscription,
  AiTranscriptionRequest,
  AiVoice,
} from './media';

export interface OpenAiMediaOptions {
  baseURL: string;
  apiKey?: string;
  timeoutMs?: number;
}

/**
 * OpenAI's speech voices. The API has no endpoint that lists them, and compatible servers (LiteLLM,
 * LocalAI, Kokoro-FastAPI) accept these names, mapping them to their own voices.
 */
export const OPENAI_VOICES: ReadonlyArray<AiVoice> = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
].map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) }));

/** Transcription answers: `json` gives text; some servers add `duration` or a usage block. */
interface TranscriptionBody {
  text?: unknown;
  duration?: unknown;
  usage?: { type?: string; seconds?: unknown } | null;
}

/**
 * Speech (`/audio/speech`), transcription (`/audio/transcriptions`) and images (`/images/generations`)
 * of any OpenAI-compatible API. These answers are one body each (audio bytes, JSON), so plain fetch
 * suits them; the caller's signal and a timeout cancel a request.
 */
export function createOpenAiMediaProvider(opts: OpenAiMediaOptions): AiMediaProvider {
  const base = opts.baseURL.replace(/\/+$/, '');
  const host = new URL(base).host;
  const auth: Record<string, string> = opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {};
  const timeoutMs = opts.timeoutMs ?? 120_000;

  async function call(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    if (signal?.aborted) throw abortError();
    const timeout = AbortSignal.timeout(timeoutMs);
    const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...init.headers }, signal: both });
    } catch (error) {
      if (signal?.aborted || (isAbortError(error) && !timeout.aborted)) throw abortError();
      if (timeout.aborted) throw new AiProviderError(`AI provider error: ${host} did not answer in time`);
      throw new AiProviderError(`AI provider error: cannot reach ${host}`);
    }
    if (!res.ok)
      throw new AiProviderError(`AI provider error (${res.status}): ${await detail(res)}`, res.status);
    return res;
  }

  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  /** `/audio/speech` as MP3, which a browser plays while it is still arriving. */
  const speak = (req: AiSpeechRequest) =>
    call(
      '/audio/speech',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: req.model,
          input: req.input,
          voice: req.voice ?? OPENAI_VOICES[0].id,
          response_format: 'mp3',
        }),
      },
      req.signal,
    );

  return {
    offline: false,
    async speech(req: AiSpeechRequest): Promise<AiSpeech> {
      const res = await speak(req);
      const mediaType = res.headers.get('content-type')?.split(';')[0] || 'audio/mpeg';
      const bytes = await bytesOf(res);
      if (!bytes.byteLength) throw new AiProviderError(`AI provider error: ${host} sent no audio`);
      return { kind: 'audio', mediaType, bytes };
    },

    async speechStream(req: AiSpeechRequest): Promise<AiSpeechStream> {
      const res = await speak(req);
      if (!res.body) throw new AiProviderError(`AI provider error: ${host} sent no audio`);
      return { mediaType: res.headers.get('content-type')?.split(';')[0] || 'audio/mpeg', body: res.body };
    },

    async transcribe(req: AiTranscriptionRequest): Promise<AiTranscription> {
      const form = new FormData();
      form.set(
        'file',
        new Blob([req.audio as Uint8Array<ArrayBuffer>], { type: req.mediaType }),
        req.fileName,
      );
      form.set('model', req.model);
      form.set('response_format', 'json');
      if (req.language) form.set('language', req.language);
      if (req.speakers)
        form.set('prompt', 'Label each speaker, e.g. "Speaker 1:", at each change of speaker.');
      const res = await call('/audio/transcriptions', { method: 'POST', body: form }, req.signal);
      const body = (await res.json().catch(() => null)) as TranscriptionBody | null;
      if (!body || typeof body.text !== 'string')
        throw new AiProviderError(`AI provider error: ${host} sent no transcript`);
      const seconds = Number(body.usage?.type === 'duration' ? body.usage.seconds : body.duration);
      return { text: body.text, seconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : null };
    },

    async image(req: AiImageRequest): Promise<AiImage> {
      const res = await call(
        '/images/generations',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: req.model, prompt: req.prompt, n: 1, size: req.size ?? '1024x1024' }),
        },
        req.signal,
      );
      const body = (await res.json().catch(() => null)) as {
        data?: { b64_json?: string; url?: string }[];
      } | null;
      const first = body?.data?.[0];
      if (first?.b64_json) return { mediaType: 'image/png', bytes: Buffer.from(first.b64_json, 'base64') };
      // dall-e models answer a short-lived URL by default: fetch it now, it would expire in the run.
      if (first?.url) {
        const direct = await fetch(first.url, { signal: req.signal }).catch(() => null);
        if (direct?.ok)
          return {
            mediaType: direct.headers.get('content-type') ?? 'image/png',
            bytes: await bytesOf(direct),
          };
      }
      throw new AiProviderError(`AI provider error: ${host} sent no image`);
    },

    async voices() {
      return [...OPENAI_VOICES];
    },
  };
}

async function detail(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON
  }
  return text.slice(0, 300) || res.statusText || 'no details';
}
