import { describe, expect, it } from 'vitest';
import {
  catchUpTo,
  followedFeed,
  followStep,
  isChartRequest,
  liveAnswerOf,
  liveStepNodes,
  type TLiveStep,
} from '../../src/shared/domain/live/follow';

/** start → intro → question → (yes: praise | no: hint) → end; an unlinked note. */
const flow = {
  nodes: [
    { id: 'note', type: 'displayText' },
    { id: 'end', type: 'displayText' },
    { id: 'start', type: 'beginNode' },
    { id: 'question', type: 'branching' },
    { id: 'intro', type: 'displayText' },
    { id: 'hint', type: 'displayText' },
    { id: 'praise', type: 'displayText' },
  ],
  edges: [
    { source: 'start', target: 'intro' },
    { source: 'intro', target: 'question' },
    { source: 'question', target: 'praise' },
    { source: 'question', target: 'hint' },
    { source: 'praise', target: 'end' },
    { source: 'hint', target: 'end' },
    { source: 'gone', target: 'intro' },
  ],
};

const at = (step: number, more: Partial<TLiveStep> = {}): TLiveStep => ({
  step,
  workAhead: false,
  answersOpen: true,
  ended: false,
  ...more,
});

describe('[LIVE] a phone follows the teacher step', () => {
  it('numbers the blocks but the start along the links, then the blocks no link reaches', () => {
    const steps = liveStepNodes(flow);
    expect(steps).toEqual(['intro', 'question', 'praise', 'end', 'hint', 'note']);
    // As many steps as the server counts: the blocks but the start.
    expect(steps).toHaveLength(flow.nodes.length - 1);
    // A loop back does not repeat a block.
    const looped = { ...flow, edges: [...flow.edges, { source: 'end', target: 'intro' }] };
    expect(liveStepNodes(looped)).toEqual(steps);
  });

  it('holds a block past the teacher step, lets the learner catch up, and frees the run without a lesson', () => {
    expect(followStep(at(1), 1)).toBe('go');
    expect(followStep(at(1), 0)).toBe('go');
    expect(followStep(at(1), 2)).toBe('hold');
    // The teacher goes back: the phone already past it waits again.
    expect(followStep(at(0), 1)).toBe('hold');
    expect(followStep(at(1, { workAhead: true }), 3)).toBe('go');
    expect(followStep(at(1, { ended: true }), 3)).toBe('free');
    expect(followStep(null, 3)).toBe('free');
    expect(followStep(at(1), -1)).toBe('free');
  });

  it('sends a phone behind the teacher straight to the teacher step, the steps between skipped', () => {
    const steps = liveStepNodes(flow);
    // Joined late at the first block while the teacher is on step 3 (praise… end is index 3).
    expect(catchUpTo(at(3), steps, 0)).toEqual({ nodeId: 'end', skipped: ['intro', 'question', 'praise'] });
    expect(catchUpTo(at(1), steps, 0)).toEqual({ nodeId: 'question', skipped: ['intro'] });
    // On the teacher's step or past it (the teacher went back): nothing to catch up.
    expect(catchUpTo(at(1), steps, 1)).toBeNull();
    expect(catchUpTo(at(1), steps, 2)).toBeNull();
    // No lesson, an ended one, or a block with no step: the run goes its own way.
    expect(catchUpTo(null, steps, 0)).toBeNull();
    expect(catchUpTo(at(3, { ended: true }), steps, 0)).toBeNull();
    expect(catchUpTo(at(3), steps, -1)).toBeNull();
    // A step the phone's copy of the flow does not have (the flow changed): stay.
    expect(catchUpTo(at(9), steps, 0)).toBeNull();
  });

  it('shows no feed item of a block past the teacher step', () => {
    const steps = liveStepNodes(flow);
    const feed = ['intro', 'question', 'praise', 'end'].map((nodeId, i) => ({ nodeId, key: String(i) }));
    expect(followedFeed(feed, steps, at(1)).map((f) => f.nodeId)).toEqual(['intro', 'question']);
    expect(followedFeed(feed, steps, at(2)).map((f) => f.nodeId)).toEqual(['intro', 'question', 'praise']);
    expect(followedFeed(feed, steps, at(0, { workAhead: true }))).toHaveLength(4);
    expect(followedFeed(feed, steps, null)).toHaveLength(4);
  });

  it('sends the projector the chosen label or the text, and nothing for a Next', () => {
    const request = {
      kind: 'choice',
      options: [
        { id: 'o1', label: 'Blue' },
        { id: 'o2', label: 'Green' },
      ],
    };
    expect(liveAnswerOf(request, { kind: 'choice', optionId: 'o2' })).toEqual({ choices: ['Green'] });
    expect(liveAnswerOf({ kind: 'text' }, { kind: 'text', text: 'photosynthesis' })).toEqual({
      text: 'photosynthesis',
    });
    expect(liveAnswerOf({ kind: 'text' }, { kind: 'text', text: '   ' })).toBeNull();
    expect(liveAnswerOf({ kind: 'continue' }, { kind: 'continue' })).toBeNull();
    expect([request, { kind: 'text' }, { kind: 'continue' }].map(isChartRequest)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
