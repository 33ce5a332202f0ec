import { describe, expect, it } from 'vitest';
import {
  baseModels,
  DEFAULT_CHAT_MODEL,
  defaultModelFor,
  MODEL_CATALOGUE,
  MODEL_NODE_TYPES,
  modelByCode,
  modelOptions,
  NODE_MODELS,
} from '../../../src/shared/domain/models';
import { isKnownNodeType } from '../../../src/shared/domain/node-catalogue';

describe('[CREDITS] model catalogue data', () => {
  it('names real node types (and the chat) and every default is one of their models', () => {
    for (const nodeType of MODEL_NODE_TYPES) {
      if (nodeType !== 'chat') expect(isKnownNodeType(nodeType), nodeType).toBe(true);
      const codes = baseModels(nodeType).map((m) => m.code);
      expect(codes.length, nodeType).toBeGreaterThan(0);
      expect(codes, nodeType).toContain(NODE_MODELS[nodeType].defaultModel);
      expect(modelByCode(NODE_MODELS[nodeType].defaultModel)?.disabledByDefault, nodeType).toBeUndefined();
    }
    expect(DEFAULT_CHAT_MODEL).toBe('gpt-5-mini');
    expect(modelByCode('gpt-5-mini')?.name).toBe('GPT-5 Mini');
    expect(new Set(MODEL_CATALOGUE.map((m) => m.code)).size).toBe(MODEL_CATALOGUE.length);
  });

  it('covers the spec’s node types with a model choice', () => {
    for (const t of [
      'knowledgeBotNode',
      'voiceConversationNode',
      'parallelProcessingNode',
      'multiTurnConversationNode',
      'processNode',
      'scenariosNode',
      'describeImageNode',
      'describeVideoNode',
      'dataDumpNode',
      'promptNode',
      'textToSpeechNode',
      'transcribeSpeechNode',
      'generateImageNode',
      'generateVideoNode',
      'aiOutputSplitterNode',
      'generateQuestionViaAiNode',
      'multiTurnRouterNode',
      'loadKnowledgeByBankIDNode',
      'csvBuilderNode',
    ]) {
      expect(MODEL_NODE_TYPES, t).toContain(t);
    }
  });

  it('orders by price, cheapest first, and applies an organisation’s settings', () => {
    const plain = modelOptions('chat');
    const prices = plain.map((m) => Number(m.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(plain.find((m) => m.code === 'gpt-3.5-turbo')?.disabled).toBe(true);
    const org = modelOptions('chat', {
      disableModel: { chat: ['gpt-5-mini'] },
      additionalModel: { chat: ['gpt-3.5-turbo', 'dall-e-3', 'unknown'] },
    });
    expect(org.find((m) => m.code === 'gpt-5-mini')?.disabled).toBe(true);
    expect(org.find((m) => m.code === 'gpt-3.5-turbo')?.disabled).toBe(false);
    expect(org.find((m) => m.code === 'dall-e-3')).toMatchObject({ added: true, disabled: false });
    expect(org.some((m) => m.code === 'unknown')).toBe(false);
    // The default switched off: the cheapest enabled model stands in (here the added image model).
    expect(defaultModelFor('chat', org)).toBe('dall-e-3');
    expect(defaultModelFor('chat', modelOptions('chat', { disableModel: { chat: ['gpt-5-mini'] } }))).toBe(
      'gpt-5-nano',
    );
    expect(defaultModelFor('chat', plain)).toBe('gpt-5-mini');
    expect(modelOptions('beginNode')).toEqual([]);
  });
});
