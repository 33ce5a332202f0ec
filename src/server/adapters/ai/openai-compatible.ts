import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import {
  type AiChunk,
  type AiProvider,
  AiProviderError,
  type AiRequest,
  abortError,
  isAbortError,
} from './ai';

export interface OpenAiCompatibleOptions {
  baseURL: string;
  /** Local servers (Ollama, llama.cpp, LM Studio) need none; the client still wants a string. */
  apiKey?: string;
  model: string;
  /** Retries of a failed request before any text arrived (the client's own backoff). */
  maxRetries?: number;
  timeoutMs?: number;
}

/** Reasoning arrives under different names: reasoning_content (DeepSeek, vLLM), reasoning (Ollama, OpenRouter). */
type Delta = ChatCompletionChunk.Choice.Delta & {
  reasoning_content?: string | null;
  reasoning?: string | null;
};

/**
 * Any OpenAI-compatible chat completions API (OpenAI, Azure, Ollama, vLLM, LM Studio, llama.cpp
 * server, LiteLLM) through the official client, streamed.
 */
export function createOpenAiCompatibleProvider(opts: OpenAiCompatibleOptions): AiProvider {
  const client = new OpenAI({
    baseURL: opts.baseURL,
    apiKey: opts.apiKey || 'not-needed',
    maxRetries: opts.maxRetries ?? 1,
    timeout: opts.timeoutMs ?? 120_000,
  });
  const host = safeHost(opts.baseURL);

  async function* stream(req: AiRequest): AsyncGenerator<AiChunk> {
    const signal = req.signal;
    if (signal?.aborted) throw abortError();
    try {
      const chunks = await client.chat.completions.create(
        {
          model: req.model ?? opts.model,
          messages: req.messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(req.maxTokens ? { max_completion_tokens: req.maxTokens } : {}),
        },
        { signal },
      );
      for await (const chunk of chunks) {
        const delta = chunk.choices?.[0]?.delta as Delta | undefined;
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
      throw toProviderError(error, host);
    }
    // The client ends the iteration quietly when the signal fires mid-stream: say so.
    if (signal?.aborted) throw abortError();
    yield { type: 'done' };
  }

  return { id: 'openai-compatible', label: `${opts.model} (${host})`, offline: false, stream };
}

function toProviderError(error: unknown, host: string): AiProviderError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiProviderError(`AI provider error: ${host} did not answer in time`);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiProviderError(`AI provider error: cannot reach ${host}`);
  }
  if (error instanceof OpenAI.APIError) {
    const body = error.error as { message?: unknown } | undefined;
    const detail = typeof body?.message === 'string' ? body.message : error.message;
    const status = error.status ? ` (${error.status})` : '';
    return new AiProviderError(`AI provider error${status}: ${detail}`, error.status);
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new AiProviderError(`AI provider error: ${detail}`);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
