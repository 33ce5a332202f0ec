/**
 * The AI models a flow or a chat can use, with their price in credits (spec 03 §1, §9).
 * Prices are exact decimals written as text (GPT-5 costs 1.250375 credits per 1,000 tokens) and turned
 * into scaled bigint credits by pricing.ts; a float never touches them.
 *
 * The spec gives a few prices (GPT-5 1.250375, GPT-4o 5, audio, image and several video models 0,
 * custom vector databases 0.01) and the list of models disabled by default; the other prices are ours,
 * set in proportion to what the providers charge. An organisation may switch models off or add
 * models per node type (disableModel / additionalModel, see node-models.ts).
 */

/** What one priced unit is. */
export type TModelUnit = 'tokens1k' | 'image' | 'minute' | 'video' | 'request';

/** What a model does; a node type offers models of one or two kinds. */
export type TModelKind =
  | 'text'
  | 'vision'
  | 'videoVision'
  | 'tts'
  | 'stt'
  | 'image'
  | 'video'
  | 'realtime'
  | 'vector';

export interface TModelEntry {
  /** Our code, stored in flows and chats and sent by the client. */
  readonly code: string;
  readonly name: string;
  /** The id the provider's API expects. */
  readonly providerModel: string;
  readonly provider: 'openai' | 'xai' | 'google' | 'anthropic' | 'runway' | 'kling' | 'flowlearn';
  /** What it can do; a model with several kinds shows in the lists of each. */
  readonly kinds: ReadonlyArray<TModelKind>;
  /** Credits per unit, as an exact decimal with up to 12 fractional digits. */
  readonly price: string;
  readonly unit: TModelUnit;
  /** Spec 03 §9: off unless an organisation adds it back. */
  readonly disabledByDefault?: true;
}

const VISION: TModelKind[] = ['text', 'vision'];
const VIDEO_VISION: TModelKind[] = ['text', 'vision', 'videoVision'];

const text = (
  code: string,
  name: string,
  provider: TModelEntry['provider'],
  price: string,
  off?: true,
  kinds: TModelKind[] = ['text'],
): TModelEntry => ({
  code,
  name,
  providerModel: code,
  provider,
  kinds,
  price,
  unit: 'tokens1k',
  ...(off ? { disabledByDefault: off } : {}),
});

const TEXT_MODELS: TModelEntry[] = [
  text('gpt-5-nano', 'GPT-5 Nano', 'openai', '0.050015'),
  text('gpt-4o-mini', 'GPT-4o Mini', 'openai', '0.15', undefined, VISION),
  text('gpt-4o-mini-search-preview', 'GPT-4o Mini Search Preview', 'openai', '0.15', true),
  text('grok-code-fast-1', 'Grok Code Fast', 'xai', '0.2', true),
  text('gpt-5-mini', 'GPT-5 Mini', 'openai', '0.250075', undefined, VISION),
  text('gemini-2.5-flash', 'Gemini 2.5 Flash', 'google', '0.3', undefined, VIDEO_VISION),
  text('grok-3-mini', 'Grok 3 Mini', 'xai', '0.3', true),
  text('gpt-4.1-mini', 'GPT-4.1 Mini', 'openai', '0.4', undefined, VISION),
  text('gpt-3.5-turbo', 'GPT-3.5 Turbo', 'openai', '0.5', true),
  text('o4-mini', 'o4-mini', 'openai', '1.1'),
  text('gemini-2.5-pro', 'Gemini 2.5 Pro', 'google', '1.25', undefined, VIDEO_VISION),
  text('gpt-5', 'GPT-5', 'openai', '1.250375', undefined, VISION),
  text('gpt-4.1', 'GPT-4.1', 'openai', '2', undefined, VISION),
  text('o3', 'o3', 'openai', '2'),
  text('gpt-4o-search-preview', 'GPT-4o Search Preview', 'openai', '2.5', true),
  text('gpt-3.5-turbo-16k', 'GPT-3.5 Turbo 16K', 'openai', '3', true),
  text('grok-3', 'Grok 3', 'xai', '3', true),
  text('grok-4', 'Grok 4', 'xai', '3'),
  text('claude-sonnet-4', 'Claude Sonnet 4', 'anthropic', '3', undefined, VISION),
  text('gpt-4o', 'GPT-4o', 'openai', '5', undefined, VISION),
  text('gpt-4-turbo', 'GPT-4 Turbo', 'openai', '10', true),
  text('grok-4-heavy', 'Grok 4 Heavy', 'xai', '15', true),
];

const media = (
  kind: TModelKind,
  unit: TModelUnit,
  code: string,
  name: string,
  provider: TModelEntry['provider'],
  price: string,
  off?: true,
): TModelEntry => ({
  code,
  name,
  providerModel: code,
  provider,
  kinds: [kind],
  price,
  unit,
  ...(off ? { disabledByDefault: off } : {}),
});

const OTHER_MODELS: TModelEntry[] = [
  // Audio models cost 0 (spec 03 §9).
  media('tts', 'minute', 'gpt-4o-mini-tts', 'GPT-4o Mini TTS', 'openai', '0'),
  media('tts', 'minute', 'tts-1', 'TTS-1', 'openai', '0'),
  media('tts', 'minute', 'tts-1-hd', 'TTS-1 HD', 'openai', '0'),
  media('stt', 'minute', 'gpt-4o-mini-transcribe', 'GPT-4o Mini Transcribe', 'openai', '0'),
  media('stt', 'minute', 'gpt-4o-transcribe', 'GPT-4o Transcribe', 'openai', '0'),
  media('stt', 'minute', 'whisper-1', 'Whisper', 'openai', '0'),
  media('realtime', 'minute', 'gpt-realtime-mini', 'GPT Realtime Mini', 'openai', '0'),
  media('realtime', 'minute', 'gpt-realtime', 'GPT Realtime', 'openai', '0'),
  media('realtime', 'minute', 'gpt-4o-realtime-preview', 'GPT-4o Realtime Preview', 'openai', '0', true),
  // Image models cost 0; some are off by default.
  media('image', 'image', 'gpt-image-1', 'GPT Image 1', 'openai', '0'),
  media('image', 'image', 'dall-e-3', 'DALL·E 3', 'openai', '0'),
  media('image', 'image', 'dall-e-2', 'DALL·E 2', 'openai', '0', true),
  media('image', 'image', 'imagen-4', 'Imagen 4', 'google', '0', true),
  // Several video models cost 0; some are off by default.
  media('video', 'video', 'sora-2', 'Sora 2', 'openai', '0'),
  media('video', 'video', 'veo-3', 'Veo 3', 'google', '0'),
  media('video', 'video', 'veo-2', 'Veo 2', 'google', '0', true),
  media('video', 'video', 'kling-2.1', 'Kling 2.1', 'kling', '0', true),
  media('video', 'video', 'runway-gen4-turbo', 'Runway Gen-4 Turbo', 'runway', '0.5', true),
  media('video', 'video', 'sora-2-pro', 'Sora 2 Pro', 'openai', '2'),
  // Knowledge banks: our own store is free, a custom vector database costs 0.01 per query.
  media('vector', 'request', 'flowlearn-vector-store', 'Flowlearn Vector Store', 'flowlearn', '0'),
  media('vector', 'request', 'custom-vector-db', 'Custom Vector Database', 'flowlearn', '0.01'),
  // Embedding models that index a bank's passages as vectors (AI_EMBEDDING_MODEL), per 1,000 tokens.
  media('vector', 'tokens1k', 'text-embedding-3-small', 'Text Embedding 3 Small', 'openai', '0.02'),
  media('vector', 'tokens1k', 'text-embedding-3-large', 'Text Embedding 3 Large', 'openai', '0.13'),
];

/** Every model, in no particular order (lists are sorted by price when they are built). */
export const MODEL_CATALOGUE: ReadonlyArray<TModelEntry> = Object.freeze([...TEXT_MODELS, ...OTHER_MODELS]);

export const MODEL_BY_CODE: ReadonlyMap<string, TModelEntry> = new Map(
  MODEL_CATALOGUE.map((m) => [m.code, m]),
);

export const modelByCode = (code: string): TModelEntry | undefined => MODEL_BY_CODE.get(code);

/** Spec 03 §9: the chat's default model. */
export const DEFAULT_CHAT_MODEL = 'gpt-5-mini';
