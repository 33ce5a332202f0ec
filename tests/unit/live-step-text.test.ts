import { describe, expect, it } from 'vitest';
import { liveStepText } from '../../src/shared/domain/live/step-text';

const flow = {
  nodes: [
    { id: 's', type: 'beginNode', data: { label: 'Start' } },
    { id: 'd', type: 'displayNode', data: { label: 'Welcome', text: 'Plants drink through roots.' } },
    {
      id: 'q',
      type: 'quizJsonNode',
      data: { label: 'Roots quiz', quiz: [{ question: 'Which part takes in water?' }] },
    },
    { id: 'i', type: 'inputNode', data: { label: 'Why', question: `Why? ${'x'.repeat(400)}` } },
  ],
  edges: [
    { source: 's', target: 'd' },
    { source: 'd', target: 'q' },
    { source: 'q', target: 'i' },
  ],
};

describe('[LIVE] the projector’s text of a step', () => {
  it('follows the lesson’s step order and reads what the class reads there', () => {
    expect(liveStepText(flow, 0)).toEqual({ label: 'Welcome', text: 'Plants drink through roots.' });
    expect(liveStepText(flow, 1)).toEqual({ label: 'Roots quiz', text: 'Which part takes in water?' });
  });

  it('reads a quiz written as { questions: [...] } too', () => {
    const quiz = { questions: [{ question: 'Capital of France?', options: ['Rome', 'Paris'] }] };
    const nodes = flow.nodes.map((n) => (n.id === 'q' ? { ...n, data: { label: 'Capitals', quiz } } : n));
    expect(liveStepText({ ...flow, nodes }, 1)).toEqual({ label: 'Capitals', text: 'Capital of France?' });
  });

  it('cuts a long question to a projector’s few lines, and has nothing past the last block', () => {
    const long = liveStepText(flow, 2);
    expect(long?.text.length).toBe(280);
    expect(long?.text.endsWith('…')).toBe(true);
    expect(liveStepText(flow, 3)).toBeNull();
  });
});
