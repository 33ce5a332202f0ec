import type { TEnv } from '../../env';
import type { AiProvider } from './ai';
import { createOfflineProvider } from './offline';
import { createOpenAiCompatibleProvider } from './openai-compatible';

/** The offline provider unless AI_BASE_URL names an OpenAI-compatible API (ARCHITECTURE §1). */
export function createAiProvider(env: Pick<TEnv, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>): AiProvider {
  if (!env.AI_BASE_URL) return createOfflineProvider();
  return createOpenAiCompatibleProvider({
    baseURL: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
  });
}
