import { describe, expect, it } from 'vitest';
import { resumeRun, startRun } from '../../../src/shared/domain/runtime';
import { codes, drive, flow, last, link, setup } from './harness';

const show = (id: string, text: string, auto = false): [string, string, Record<string, unknown>] => [
  id,
  'displayNode',
  { text, ...(auto ? { autoExecuteNextNode: true } : {}) },
];

describe('walking the statement path', () => {
  it('starts at Start, shows content, waits for Next, and completes at the end of the path', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', show('d1', 'Hello'), show('d2', 'Bye', true)],
      ['s.out>d1.in', 'd1.out>d2.in'],
    );
    const [first, second] = await drive(f, options, [{ kind: 'continue' }]);
    expect(first.status).toBe('waiting');
    expect(first.shown.map((i) => i.kind === 'markdown' && i.markdown)).toEqual(['Hello']);
    expect(first.waiting).toMatchObject({ nodeId: 'd1', request: { kind: 'continue' } });
    expect(second.status).toBe('done');
    expect(second.shown.map((i) => i.kind === 'markdown' && i.markdown)).toEqual(['Bye']);
    expect(second.state.feed).toHaveLength(2);
  });

  it('a block with no next link ends the run cleanly', async () => {
    const { options } = setup();
    const r = await startRun(flow(['s:beginNode', show('d', 'Only', true)], ['s.out>d.in']), options);
    expect(r.status).toBe('done');
    expect(r.state.at).toBeNull();
    expect(r.error).toBeUndefined();
  });

  it('a Start with no link completes at once; a flow without Start fails with no-start', async () => {
    const { options } = setup();
    expect((await startRun(flow(['s:beginNode'], []), options)).status).toBe('done');
    const none = await startRun(flow([show('d', 'x')], []), options);
    expect(none.status).toBe('failed');
    expect(none.error?.code).toBe('no-start');
    expect(none.error?.messageKey).toBe('runtime.issues.no-start');
  });

  it('never follows links the link rules refuse, and reports them', async () => {
    const { options } = setup();
    // A second step out of Start is refused by the rules (one statement link per source).
    const f = flow(
      ['s:beginNode', show('a', 'A', true), show('b', 'B', true)],
      ['s.out>a.in', 's.out>b.in'],
      { allowBroken: true },
    );
    const r = await startRun(f, options);
    expect(r.status).toBe('done');
    expect(r.state.feed.map((i) => i.nodeId)).toEqual(['a']);
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({
        code: 'link-ignored',
        edgeId: 's.out>b.in',
        detail: 'statement-source-taken',
      }),
    );
  });

  it('edge conditions: false is not followed; comparisons read the source outputs and variables', async () => {
    const { options } = setup();
    const off = flow(['s:beginNode', show('a', 'A', true)], [link('s.out>a.in', { condition: false })]);
    expect((await startRun(off, options)).state.feed).toEqual([]);

    const f = flow(
      ['s:beginNode', ['r', 'randomNumberGeneratorNode', { min: 7, max: 7 }], show('high', 'High', true)],
      ['s.out>r.in', link('r.out>high.in', { condition: 'number >= 5' })],
    );
    expect((await startRun(f, options)).state.feed.map((i) => i.nodeId)).toEqual(['high']);
    const low = structuredClone(f);
    (low.edges[1].data as Record<string, unknown>).condition = 'number < 5';
    expect((await startRun(low, options)).state.feed).toEqual([]);
  });

  it('an unreadable condition is reported and not followed', async () => {
    const { options } = setup();
    const f = flow(['s:beginNode', show('a', 'A', true)], [link('s.out>a.in', { condition: '((' })]);
    const r = await startRun(f, options);
    expect(r.state.feed).toEqual([]);
    expect(codes(r)).toContain('condition-invalid');
  });
});

describe('branching', () => {
  const branchFlow = () =>
    flow(
      [
        's:beginNode',
        ['b', 'branchingNode', { question: 'Which way?' }],
        ['easy', 'conditionalNode', { buttonText: 'Easy' }],
        ['hard', 'conditionalNode', { label: 'Hard' }],
        show('e', 'Easy path', true),
        show('h', 'Hard path', true),
      ],
      ['s.out>b.in', 'b.branch>easy.branch', 'b.branch>hard.branch', 'easy.out>e.in', 'hard.out>h.in'],
    );

  it('offers each Show Button as a path and continues on the chosen one without a second press', async () => {
    const { options } = setup();
    const [first, second] = await drive(branchFlow(), options, [{ kind: 'choice', optionId: 'hard' }]);
    expect(first.waiting?.request).toEqual({
      kind: 'choice',
      prompt: 'Which way?',
      options: [
        { id: 'easy', label: 'Easy' },
        { id: 'hard', label: 'Hard' },
      ],
    });
    expect(second.status).toBe('done');
    expect(second.shown.map((i) => i.nodeId)).toEqual(['h']);
  });

  it('refuses an option that was not offered and keeps the state as it was', async () => {
    const { options } = setup();
    const first = await startRun(branchFlow(), options);
    const before = JSON.stringify(first.state);
    const r = await resumeRun(branchFlow(), first.state, { kind: 'choice', optionId: 'e' }, options);
    expect(r.refused?.code).toBe('answer-refused');
    expect(r.state).toBe(first.state);
    expect(JSON.stringify(r.state)).toBe(before);
    expect(r.waiting?.nodeId).toBe('b');
  });

  it('a Branching block with no paths reports no-paths and ends', async () => {
    const { options } = setup();
    const r = await startRun(flow(['s:beginNode', 'b:branchingNode'], ['s.out>b.in']), options);
    expect(r.status).toBe('done');
    expect(codes(r)).toContain('no-paths');
  });

  it('a Show Button reached by a step link waits for its press', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', ['c', 'conditionalNode', { forms: [{ id: 'x', value: 'Ready?' }] }]],
      ['s.out>c.in'],
    );
    const r = await startRun(f, options);
    expect(r.waiting?.request).toEqual({ kind: 'button', text: 'Ready?' });
  });
});

describe('loops are guarded', () => {
  it('a path that returns to a Show Button waits for the learner on every round', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', 'c:conditionalNode', 'b:branchingNode', show('d', 'round', true)],
      ['s.out>c.in', 'c.out>d.in', 'd.out>b.in', 'b.branch>c.branch'],
    );
    const results = await drive(f, options, [
      { kind: 'continue' },
      { kind: 'choice', optionId: 'c' },
      { kind: 'choice', optionId: 'c' },
    ]);
    expect(results.map((r) => r.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    expect(last(results).state.visits.d).toBe(3);
  });

  it('a loop with no learner in it stops at the step budget with a reported error', async () => {
    // Router → Show Button → Router 2 → the same Show Button: the model picks the path every time.
    const { options } = setup({ ai: () => '1' });
    const f = flow(
      ['s:beginNode', 'r1:multiTurnRouterNode', 'c:conditionalNode', 'r2:multiTurnRouterNode'],
      ['s.out>r1.in', 'r1.branch>c.branch', 'c.out>r2.in', 'r2.branch>c.branch'],
    );
    const byAi = await startRun(f, options);
    expect(byAi.status).toBe('failed');
    expect(byAi.error?.code).toBe('ai-budget');
    const bySteps = await startRun(f, {
      ...options,
      limits: { aiCallsPerAdvance: 10_000, stepsPerAdvance: 50 },
    });
    expect(bySteps.error?.code).toBe('step-budget');
    expect(bySteps.state.steps).toBe(50);
  });

  it('a cycle of background links stops at the budget without stopping the learner', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', 'p1:parallelProcessingNode', 'p2:parallelProcessingNode', show('d', 'still here')],
      ['s.exec>p1.execIn', 'p1.exec>p2.execIn', 'p2.exec>p1.execIn', 's.out>d.in'],
    );
    const r = await startRun(f, {
      ...options,
      ports: { ...options.ports, ai: undefined },
      limits: { stepsPerAdvance: 40 },
    });
    expect(codes(r)).toContain('step-budget');
    expect(r.state.issues.find((i) => i.code === 'step-budget')?.severity).toBe('warning');
  });
});

describe('background work', () => {
  it('runs execution paths from Start before the main path, and merges them', async () => {
    const { options, ai } = setup({ ai: (r) => `bg:${r.messages.at(-1)?.content}` });
    const f = flow(
      [
        's:beginNode',
        ['t', 'textNode', { text: 'topic' }],
        'p:parallelProcessingNode',
        'm:executionConnectorNode',
        ['d', 'displayNode', { autoExecuteNextNode: true }],
      ],
      ['s.exec>p.execIn', 'p.exec>m.execIn', 't.text>p.prompt', 's.out>d.in', 'p.response>d.text'],
    );
    const r = await startRun(f, options);
    expect(ai.requests).toHaveLength(1);
    expect(r.shown[0]).toMatchObject({ kind: 'markdown', markdown: 'bg:topic' });
    expect(r.state.arrivals).toEqual({});
  });
});
