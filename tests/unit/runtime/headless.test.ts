import { describe, expect, it } from 'vitest';
import { jsonInputProvider, runHeadless } from '../../../src/shared/domain/runtime';
import { flow, setup } from './harness';

const task = () =>
  flow(
    [
      's:beginNode',
      ['intro', 'displayNode', { text: 'Hello' }],
      ['essay', 'inputNode', { label: 'Essay' }],
      ['fb', 'processNode', { maxScore: 10 }],
      ['ok', 'conditionalNode', { buttonText: 'Next' }],
      ['w', 'waitNode', { seconds: 5 }],
      ['pick', 'branchingNode', {}],
      ['a', 'conditionalNode', { buttonText: 'Short' }],
      ['b', 'conditionalNode', { buttonText: 'Long' }],
      [
        'q',
        'quizJsonNode',
        { label: 'Check', quiz: [{ id: 'q1', question: 'Sky?', options: ['blue', 'red'], answer: 'blue' }] },
      ],
    ],
    [
      's.out>intro.in',
      'intro.out>essay.in',
      'essay.out>fb.in',
      'essay.text>fb.response',
      'fb.out>ok.in',
      'ok.out>w.in',
      'w.out>pick.in',
      'pick.branch>a.branch',
      'pick.branch>b.branch',
      'b.out>q.in',
    ],
  );

describe('headless runs (automation tasks)', () => {
  it('answers learner blocks from the input JSON by label, presses buttons, sleeps on the clock, and returns outputs', async () => {
    const { options, clock, statements } = setup({ ai: () => '{"score": 7, "feedback": "Clear."}' });
    const start = clock.now();
    const r = await runHeadless(
      task(),
      jsonInputProvider({ essay: 'Trees are tall.', pick: 'long', Check: { 'Sky?': 'A' } }),
      options,
    );
    expect(r.status).toBe('done');
    expect(r.error).toBeUndefined();
    expect(r.outputs.fb).toEqual({
      nodeType: 'processNode',
      label: '',
      values: { score: '7', feedback: 'Clear.' },
    });
    expect(r.outputs.q.values).toEqual({ score: '1', baseScore: '1', userResponse: 'Sky?: blue' });
    expect(clock.now() - start).toBe(5000);
    expect(r.shown[0]).toMatchObject({ kind: 'markdown', markdown: 'Hello' });
    expect(r.usage.aiCalls).toBe(1);
    expect(statements.at(-1)?.verb.id).toMatch(/completed$/);
  });

  it('input by node id, arrays for repeated visits, and full answer objects work too', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', 'c:conditionalNode', 'i:inputNode', 'b:branchingNode'],
      ['s.out>c.in', 'c.out>i.in', 'i.out>b.in', 'b.branch>c.branch'],
    );
    const r = await runHeadless(
      f,
      jsonInputProvider({ i: ['one', { kind: 'text', text: 'two' }], b: ['Show Button'] }),
      options,
    );
    // Round 1: one → path; round 2: two → the input has no second choice.
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ code: 'answer-required', nodeId: 'b' });
    expect(r.state.outputs.i.text).toEqual({ type: 'text', text: 'two' });
    expect(r.unanswered?.request.kind).toBe('choice');
    expect(r.state.status).toBe('waiting');
  });

  it('a missing input names the block; without a sleep port waits are skipped and said so', async () => {
    const { options } = setup();
    const ports = { ...options.ports, clock: { now: () => 0 } };
    const r = await runHeadless(task(), jsonInputProvider({}), { ...options, ports });
    expect(r.error).toMatchObject({ code: 'answer-required', nodeId: 'essay', detail: 'Essay' });
    const skipped = await runHeadless(
      flow(['s:beginNode', ['w', 'waitNode', { seconds: 9 }]], ['s.out>w.in']),
      jsonInputProvider({}),
      { ...options, ports },
    );
    expect(skipped.status).toBe('done');
    expect(skipped.issues.map((i) => i.code)).toContain('wait-skipped');
  });

  it('a conversation takes one input per turn and ends when they run out', async () => {
    const { options, ai } = setup({
      ai: (r) => (r.purpose === 'conversation-verdict' ? '{"passed":true,"summary":"ok"}' : 'Tutor'),
    });
    const f = flow(['s:beginNode', ['c', 'multiTurnConversationNode', { maxTurns: 5 }]], ['s.out>c.in']);
    const r = await runHeadless(f, jsonInputProvider({ c: ['hi', 'bye'] }), options);
    expect(r.status).toBe('done');
    expect(r.outputs.c.values.chatlog).toBe(
      'Tutor: Tutor\nLearner: hi\nTutor: Tutor\nLearner: bye\nTutor: Tutor',
    );
    expect(ai.requests.at(-1)?.purpose).toBe('conversation-verdict');
  });

  it('a form and an image from the input', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', ['f', 'formNode', { fields: [{ id: 'n', label: 'Name' }] }], 'p:imageInputNode'],
      ['s.out>f.in', 'f.out>p.in'],
    );
    const r = await runHeadless(
      f,
      jsonInputProvider({ f: { Name: 'Ada' }, p: 'https://files.test/x.png' }),
      options,
    );
    expect(r.outputs.f.values.responses).toEqual({ Name: 'Ada' });
    expect(r.outputs.p.values.image).toBe('https://files.test/x.png');
  });
});
