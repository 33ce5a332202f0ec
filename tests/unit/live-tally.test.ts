import { describe, expect, it } from 'vitest';
import { tallyAnswers } from '../../src/features/assignments/components/live/live-tally';

const id = (n: number) => `${'a'.repeat(23)}${n}`;

describe('[LIVE] the projector tally of a step', () => {
  it('counts each choice in first-seen order, several choices per learner, and keeps texts apart', () => {
    const tally = tallyAnswers([
      { userId: id(1), nodeId: 'q', answer: { choices: ['B'] } },
      { userId: id(2), nodeId: 'q', answer: { choices: ['A', 'B'] } },
      { userId: id(3), nodeId: 'q', answer: { text: '  photosynthesis ' } },
      { userId: id(4), nodeId: 'q', answer: { text: '   ' } },
      { userId: id(5), nodeId: 'q', answer: { choices: ['B'] } },
    ]);
    expect(tally.choices).toEqual([
      { label: 'B', count: 3 },
      { label: 'A', count: 1 },
    ]);
    expect(tally.texts).toEqual(['photosynthesis']);
  });

  it('is empty before anyone answers', () => {
    expect(tallyAnswers([])).toEqual({ choices: [], texts: [] });
  });
});
