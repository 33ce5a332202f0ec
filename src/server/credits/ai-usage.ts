import { priceCall } from '../../shared/domain/models/pricing';
import { type AiCompletion, type AiMessage, type AiProvider, imagesOf, textOf } from '../adapters/ai/ai';

/**
 * Helpers for metering an AI call with the credits service: the bound to reserve before it starts,
 * and its cost after. The offline provider is free (it is no model); a model the catalogue does not
 * list (a self-hosted one named by AI_MODEL) costs 0 too (pricing.ts).
 */

/** Rough token count of a text (≈ 4 characters per token), rounded up; used when a provider reports none. */
export const tokensOf = (text: string): number => Math.ceil(text.length / 4);

/**
 * Input tokens an attached image is counted as before the provider reports its usage (a high-detail
 * image of the compressed size is ~765 tokens at OpenAI; rounded up).
 */
export const IMAGE_TOKENS = 1000;

/** Estimated input tokens of a conversation: its texts, and IMAGE_TOKENS per image. */
export const promptTokens = (messages: AiMessage[]): number =>
  messages.reduce((n, m) => n + tokensOf(textOf(m.content)) + imagesOf(m.content) * IMAGE_TOKENS, 0);

/** Output tokens reserved for an answer whose length is not capped (reasoning models think first). */
export const DEFAULT_OUTPUT_BOUND = 4000;

/** The model code a call uses: the one asked for, else the provider's default (AI_MODEL). */
export function modelOf(ai: AiProvider, requested: string | undefined, fallback: string): string | null {
  if (ai.offline) return null;
  return requested ?? fallback;
}

/** What to reserve before the call: the prompt as sent plus the most the answer may use. */
export function boundFor(
  model: string | null,
  messages: AiMessage[],
  maxOutputTokens = DEFAULT_OUTPUT_BOUND,
): bigint {
  if (!model) return 0n;
  const input = promptTokens(messages);
  return priceCall(model, { inputTokens: input, outputTokens: maxOutputTokens });
}

/** The cost after the call: the provider's usage when it reported one, else an estimate from the texts. */
export function costOf(model: string | null, messages: AiMessage[], answer: AiCompletion): bigint {
  if (!model) return 0n;
  const usage = answer.usage ?? {
    inputTokens: promptTokens(messages),
    outputTokens: tokensOf(answer.reasoning + answer.text),
  };
  return priceCall(model, usage);
}
