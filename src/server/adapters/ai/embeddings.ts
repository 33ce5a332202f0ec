import type { TEnv } from '../../env';
import { AiProviderError } from './ai';

/**
 * Text → vectors through the `/embeddings` endpoint of an OpenAI-compatible API (OpenAI, Ollama,
 * vLLM, LM Studio, llama.cpp server, LiteLLM). There is no offline embedder: with no model the
 * knowledge bank retrieves by PostgreSQL full-text search, which needs none (docs/design/knowledge.md).
 */
export interface Embedder {
  readonly model: string;
  /** One vector per text, in order, and the tokens the provider counted (an estimate if it reports none). */
  embed(texts: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; inputTokens: number }>;
}

/** Texts per request: providers take up to 2048 inputs; smaller batches fail and retry cheaper. */
export const EMBED_BATCH = 64;

interface EmbeddingsAnswer {
  data?: { index?: number; embedding?: unknown }[];
  usage?: { prompt_tokens?: number };
  error?: { message?: string };
}

/** null unless AI_BASE_URL and AI_EMBEDDING_MODEL are both set. */
export function createEmbedder(
  env: Pick<TEnv, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_EMBEDDING_MODEL'>,
): Embedder | null {
  if (!env.AI_BASE_URL || !env.AI_EMBEDDING_MODEL) return null;
  const url = `${env.AI_BASE_URL.replace(/\/+$/, '')}/embeddings`;
  const model = env.AI_EMBEDDING_MODEL;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(env.AI_API_KEY ? { authorization: `Bearer ${env.AI_API_KEY}` } : {}),
  };

  async function batch(input: string[], signal?: AbortSignal) {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, input }),
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000),
      });
    } catch {
      throw new AiProviderError(`AI provider error: cannot reach ${new URL(url).host} for embeddings`);
    }
    const body = (await res.json().catch(() => ({}))) as EmbeddingsAnswer;
    if (!res.ok)
      throw new AiProviderError(
        `AI provider error (${res.status}): ${body.error?.message ?? 'embeddings failed'}`,
        res.status,
      );
    const rows = body.data ?? [];
    const vectors: number[][] = new Array(input.length);
    rows.forEach((row, i) => {
      const at = row.index ?? i;
      const v = row.embedding;
      if (Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x))) vectors[at] = v;
    });
    if (vectors.filter(Boolean).length !== input.length || new Set(vectors.map((v) => v.length)).size !== 1)
      throw new AiProviderError('AI provider error: the embeddings answer does not hold one vector per text');
    const estimate = input.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    return { vectors, inputTokens: body.usage?.prompt_tokens ?? estimate };
  }

  return {
    model,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      let inputTokens = 0;
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const out = await batch(texts.slice(i, i + EMBED_BATCH), signal);
        vectors.push(...out.vectors);
        inputTokens += out.inputTokens;
      }
      return { vectors, inputTokens };
    },
  };
}
