import type { AiChunk, AiProvider } from '../../../src/server/adapters/ai/ai';

/**
 * A configured (not offline) model that answers `text` and reports `usage`, so each call is priced
 * like the default AI_MODEL: what the credit tests settle against. `onCall` counts calls if needed.
 */
export function pricedModel(
  text: string,
  usage: { inputTokens: number; outputTokens: number },
  onCall?: () => void,
): AiProvider {
  return {
    id: 'openai-compatible',
    label: 'test model',
    offline: false,
    async *stream(): AsyncGenerator<AiChunk> {
      onCall?.();
      yield { type: 'text', text };
      yield { type: 'usage', ...usage };
      yield { type: 'done' };
    },
  };
}
