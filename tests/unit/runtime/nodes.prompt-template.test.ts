import { describe, expect, it } from 'vitest';
import { startRun } from '../../../src/shared/domain/runtime';
import {
  storedTemplateOf,
  TEMPLATE_NODE_TYPES,
} from '../../../src/shared/domain/runtime/prompt-template-data';
import { flow, setup } from './harness';

/** A prompt block with a chosen template: the runtime fills it like the panel shows. */
const template = {
  templateId: '0123456789abcdef01234567',
  name: 'Explainer',
  systemPrompt: 'You explain to {{level}} learners.',
  userPrompt: 'Explain {{topic}} in {{count}} sentences.',
  sections: [
    {
      name: 'About',
      fields: [
        { name: 'level', value: 'young', required: true },
        { name: 'topic', required: true },
        { name: 'count', type: 'number', value: '2' },
      ],
    },
  ],
  values: { topic: 'photosynthesis' },
};

const templateFlow = (data: Record<string, unknown>, linked = false) =>
  flow(
    ['s:beginNode', ['t', 'textNode', { text: 'Use a plant as the example.' }], ['p', 'promptNode', data]],
    ['s.out>p.in', ...(linked ? ['t.text>p.prompt'] : [])],
  );

describe('[TEMPLATES] prompt blocks with a template', () => {
  it('send the filled system and user prompts instead of the block’s own prompt', async () => {
    const { options, ai } = setup({ ai: () => 'ok' });
    await startRun(
      templateFlow({ prompt: 'ignored', instructions: 'ignored', promptTemplate: template }),
      options,
    );
    expect(ai.requests[0].messages).toEqual([
      { role: 'system', content: 'You explain to young learners.' },
      { role: 'user', content: 'Explain photosynthesis in 2 sentences.' },
    ]);
  });

  it('still add the linked prompt after the template’s, and fill run variables in the result', async () => {
    const { options, ai } = setup({ ai: () => 'ok' });
    const withVariable = { ...template, values: { topic: 'cells', level: '{{unknownVar}}' } };
    await startRun(templateFlow({ promptTemplate: withVariable }, true), options);
    expect(ai.requests[0].messages).toEqual([
      { role: 'system', content: 'You explain to {{unknownVar}} learners.' },
      { role: 'user', content: 'Explain cells in 2 sentences.\n\nUse a plant as the example.' },
    ]);
  });

  it.each([...TEMPLATE_NODE_TYPES])('%s, whose panel offers a template, runs it', async (type) => {
    const { options, ai } = setup({ ai: () => 'ok' });
    const graph = flow(
      ['s:beginNode', ['p', type, { prompt: 'own prompt', promptTemplate: template }]],
      ['s.out>p.in'],
    );
    await startRun(graph, options);
    const sent = ai.requests[0].messages.map((m) => m.content).join('\n');
    expect(sent).toContain('Explain photosynthesis in 2 sentences.');
    expect(sent).toContain('You explain to young learners.');
    expect(sent).not.toContain('own prompt');
  });

  it('ignore stored data that is not a template', () => {
    expect(storedTemplateOf('text')).toBeNull();
    expect(storedTemplateOf({ name: 'x' })).toBeNull();
    expect(storedTemplateOf({ userPrompt: 'hi', sections: 'bad', values: { a: 1 } })).toMatchObject({
      sections: [],
      values: {},
    });
  });
});
