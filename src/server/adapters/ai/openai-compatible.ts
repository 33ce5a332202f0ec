import {
  type AiChunk,
  type AiProvider,
  AiProviderError,
  type AiRequest,
  abortError,
  isAbortError,
} from './ai';
import { createHttpPost, HeadersTimeoutError, type PostAnswer } from './http-post';
import { sseData } from './sse-parse';

export interface OpenAiCompatibleOptions {
  baseURL: string;
  /** Local servers (Ollama, llama.cpp, LM Studio) need none. */
  apiKey?: string;
  model: string;
  /** Retries of a request that failed before any text arrived (connection, 408, 409, 429, 5xx). */
  maxRetries?: number;
  /** How long the provider may take to start answering (its headers); the stream itself may run longer. */
  timeoutMs?: number;
}

/** Reasoning arrives under different names: reasoning_content (DeepSeek, vLLM), reasoning (Ollama, OpenRouter). */
interface StreamChunk {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

const RETRY_STATUS = new Set([408, 409, 429]);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(abortError());
    });
  });

/**
 * Any OpenAI-compatible chat completions API (OpenAI, Azure, Ollama, vLLM, LM Studio, llama.cpp
 * server, LiteLLM), streamed through Node's http client on pooled keep-alive connections
 * (http-post.ts) and read event by event, so that the first token is passed on the moment it arrives. The request is
 * cancelled through the caller's AbortSignal; the usage comes from the final chunk
 * (`stream_options.include_usage`).
 */
export function createOpenAiCompatibleProvider(opts: OpenAiCompatibleOptions): AiProvider {
  const url = `${opts.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const host = safeHost(opts.baseURL);
  const maxRetries = opts.maxRetries ?? 1;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
  };

  const post = createHttpPost(opts.baseURL);

  /** The response once its headers are in: retried while nothing was streamed yet. */
  async function open(body: string, signal: AbortSignal | undefined): Promise<PostAnswer> {
    for (let attempt = 0; ; attempt++) {
      let res: PostAnswer;
      try {
        res = await post(url, headers, body, { signal, headersTimeoutMs: timeoutMs });
      } catch (error) {
        if (signal?.aborted) throw abortError();
        if (attempt < maxRetries) {
          await sleep(backoff(attempt), signal);
          continue;
        }
        if (error instanceof HeadersTimeoutError)
          throw new AiProviderError(`AI provider error: ${host} did not answer in time`);
        throw new AiProviderError(`AI provider error: cannot reach ${host}${causeOf(error)}`);
      }
      if (res.status >= 200 && res.status < 300) return res;
      const retry = attempt < maxRetries && (RETRY_STATUS.has(res.status) || res.status >= 500);
      const detail = await errorText(res);
      if (retry) {
        await sleep(backoff(attempt, res.header('retry-after')), signal);
        continue;
      }
      throw new AiProviderError(`AI provider error (${res.status}): ${detail}`, res.status);
    }
  }

  async function* stream(req: AiRequest): AsyncGenerator<AiChunk> {
    const signal = req.signal;
    if (signal?.aborted) throw abortError();
    const body = JSON.stringify({
      model: req.model ?? opts.model,
      messages: req.messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(req.maxTokens ? { max_completion_tokens: req.maxTokens } : {}),
    });
    const res = await open(body, signal);
    // Leaving the loop early (a break, an error, the caller's return) cancels the body and its request.
    try {
      for await (const data of sseData(res.body)) {
        if (data === '[DONE]') break;
        let chunk: StreamChunk;
        try {
          chunk = JSON.parse(data) as StreamChunk;
        } catch {
          throw new AiProviderError(`AI provider error: ${host} sent a malformed event`);
        }
        if (chunk.error) throw new AiProviderError(`AI provider error: ${chunk.error.message ?? 'unknown'}`);
        const delta = chunk.choices?.[0]?.delta;
        const reasoning = delta?.reasoning_content ?? delta?.reasoning;
        if (reasoning) yield { type: 'reasoning', text: reasoning };
        if (delta?.content) yield { type: 'text', text: delta.content };
        if (chunk.usage) {
          const { prompt_tokens, completion_tokens } = chunk.usage;
          yield { type: 'usage', inputTokens: prompt_tokens ?? 0, outputTokens: completion_tokens ?? 0 };
        }
      }
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw abortError();
      if (error instanceof AiProviderError) throw error;
      throw new AiProviderError(`AI provider error: the stream from ${host} broke${causeOf(error)}`);
    }
    if (signal?.aborted) throw abortError();
    yield { type: 'done' };
  }

  return { id: 'openai-compatible', label: `${opts.model} (${host})`, offline: false, stream };
}

/** 0.5 s, 1 s, 2 s… (at most 8 s), or what the provider's Retry-After asks for (up to 8 s). */
function backoff(attempt: number, retryAfter?: string | null): number {
  const asked = retryAfter ? Number(retryAfter) * 1000 : Number.NaN;
  if (Number.isFinite(asked) && asked >= 0) return Math.min(asked, 8000);
  return Math.min(500 * 2 ** attempt, 8000);
}

async function errorText(res: PostAnswer): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const e = body.error;
    if (typeof e === 'string') return e;
    if (typeof e?.message === 'string') return e.message;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 300) || res.statusText || 'no details';
}

/** The system error code (ECONNRESET…) of a failed request, except the plain "nobody listens". */
function causeOf(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code && code !== 'ECONNREFUSED' ? ` (${code})` : '';
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
