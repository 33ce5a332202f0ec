import { MODEL_CATALOGUE, type TModelEntry, type TModelKind } from './catalogue';

/**
 * Which models each node type offers (spec 03 §9: knowledge bot, voice conversation, parallel
 * processing, multi-turn, process, scenarios, describe image and video, data dump, prompt, text to
 * speech, transcription, image and video generation, output splitter, question generation, router,
 * knowledge bank loader, csv builder), plus `chat` for the chat screen.
 */
interface TNodeModels {
  readonly kinds: ReadonlyArray<TModelKind>;
  readonly defaultModel: string;
}

const TEXT: TNodeModels = { kinds: ['text'], defaultModel: 'gpt-5-mini' };

export const NODE_MODELS: Readonly<Record<string, TNodeModels>> = Object.freeze({
  chat: TEXT,
  knowledgeBotNode: TEXT,
  floatingKnowledgeBotNode: TEXT,
  voiceConversationNode: { kinds: ['realtime'], defaultModel: 'gpt-realtime-mini' },
  parallelProcessingNode: TEXT,
  multiTurnConversationNode: TEXT,
  processNode: TEXT,
  scenariosNode: TEXT,
  describeImageNode: { kinds: ['vision'], defaultModel: 'gpt-5-mini' },
  describeVideoNode: { kinds: ['videoVision'], defaultModel: 'gemini-2.5-flash' },
  dataDumpNode: TEXT,
  promptNode: TEXT,
  simplePromptNode: TEXT,
  textToSpeechNode: { kinds: ['tts'], defaultModel: 'gpt-4o-mini-tts' },
  textToSpeechStreamingNode: { kinds: ['tts'], defaultModel: 'gpt-4o-mini-tts' },
  transcribeSpeechNode: { kinds: ['stt'], defaultModel: 'gpt-4o-mini-transcribe' },
  transcribeConversationNode: { kinds: ['stt'], defaultModel: 'gpt-4o-mini-transcribe' },
  generateImageNode: { kinds: ['image'], defaultModel: 'gpt-image-1' },
  generateVideoNode: { kinds: ['video'], defaultModel: 'sora-2' },
  aiOutputSplitterNode: TEXT,
  generateQuestionViaAiNode: TEXT,
  multiTurnRouterNode: TEXT,
  loadKnowledgeByBankIDNode: { kinds: ['vector'], defaultModel: 'flowlearn-vector-store' },
  csvBuilderNode: TEXT,
});

/** Node types (and `chat`) that have a model choice. */
export const MODEL_NODE_TYPES: ReadonlyArray<string> = Object.keys(NODE_MODELS);

export const hasModels = (nodeType: string): boolean => Object.hasOwn(NODE_MODELS, nodeType);

/** An organisation's changes per node type (spec 02 §3): model codes switched off / added. */
export type TModelsPerNode = Readonly<Record<string, ReadonlyArray<string>>>;
export interface TOrgModelSettings {
  disableModel?: TModelsPerNode;
  additionalModel?: TModelsPerNode;
}

export interface TModelOption {
  code: string;
  name: string;
  providerModel: string;
  provider: TModelEntry['provider'];
  price: string;
  unit: TModelEntry['unit'];
  disabled: boolean;
  /** Not in the node type's own list: the organisation added it. */
  added: boolean;
}

/** Cheapest first (spec 03 §9), then by name, so equal prices keep a stable order. */
function byPrice(a: TModelEntry, b: TModelEntry): number {
  const [pa, pb] = [a.price, b.price].map((p) => p.split('.'));
  const whole = BigInt(pa[0]) - BigInt(pb[0]);
  if (whole !== 0n) return whole < 0n ? -1 : 1;
  const fa = (pa[1] ?? '').padEnd(12, '0');
  const fb = (pb[1] ?? '').padEnd(12, '0');
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/**
 * Each catalogue entry's place in price order, sorted once: modelOptions runs on every AI call
 * (a chat answer checks its model), and comparing prices as decimals each time was most of its cost.
 */
let priceOrder: Map<TModelEntry, number> | null = null;
const priceRank = (m: TModelEntry): number => {
  priceOrder ??= new Map([...MODEL_CATALOGUE].sort(byPrice).map((entry, i) => [entry, i]));
  return priceOrder.get(m) ?? 0;
};

/** The models a node type offers by default (its kinds), disabled-by-default ones included. */
export function baseModels(nodeType: string): TModelEntry[] {
  const spec = NODE_MODELS[nodeType];
  if (!spec) return [];
  return MODEL_CATALOGUE.filter((m) => m.kinds.some((k) => spec.kinds.includes(k)));
}

/**
 * The list a node type shows in a space: its own models, with the organisation's additions, each
 * disabled when the spec switches it off by default (unless the organisation added it) or when the
 * organisation switched it off. Unknown codes in the settings are ignored. Ordered by price.
 */
export function modelOptions(nodeType: string, org: TOrgModelSettings = {}): TModelOption[] {
  const base = baseModels(nodeType);
  if (!base.length) return [];
  const off = new Set(org.disableModel?.[nodeType] ?? []);
  const added = new Set(org.additionalModel?.[nodeType] ?? []);
  const extra = MODEL_CATALOGUE.filter((m) => added.has(m.code) && !base.includes(m));
  return [...base, ...extra]
    .sort((a, b) => priceRank(a) - priceRank(b))
    .map((m) => ({
      code: m.code,
      name: m.name,
      providerModel: m.providerModel,
      provider: m.provider,
      price: m.price,
      unit: m.unit,
      disabled: off.has(m.code) || (m.disabledByDefault === true && !added.has(m.code)),
      added: !base.includes(m),
    }));
}

/** The node type's default, or its first enabled model when the organisation switched the default off. */
export function defaultModelFor(nodeType: string, options: ReadonlyArray<TModelOption>): string | null {
  const preferred = NODE_MODELS[nodeType]?.defaultModel;
  const enabled = options.filter((o) => !o.disabled);
  return enabled.find((o) => o.code === preferred)?.code ?? enabled[0]?.code ?? null;
}
