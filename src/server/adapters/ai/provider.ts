import type { TEnv } from '../../env';
import type { AiProvider } from './ai';
import type { AiMediaProvider } from './media';
import { createOfflineProvider } from './offline';
import { createOfflineMediaProvider } from './offline-media';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import { createOpenAiMediaProvider } from './openai-media';

/** The offline provider unless AI_BASE_URL names an OpenAI-compatible API (ARCHITECTURE §1). */
export function createAiProvider(env: Pick<TEnv, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>): AiProvider {
  if (!env.AI_BASE_URL) return createOfflineProvider();
  return createOpenAiCompatibleProvider({
    baseURL: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
  });
}

/** The media side (speech, transcription, images) of the same provider choice. */
export function createAiMediaProvider(env: Pick<TEnv, 'AI_BASE_URL' | 'AI_API_KEY'>): AiMediaProvider {
  if (!env.AI_BASE_URL) return createOfflineMediaProvider();
  return createOpenAiMediaProvider({ baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY });
}
