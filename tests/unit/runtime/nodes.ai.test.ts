import { describe, expect, it } from 'vitest';
import { resumeRun, startRun, type TRunEvent } from '../../../src/shared/domain/runtime';
import { drive, flow, setup } from './harness';

const AUTO = { autoExecuteNextNode: true };

const promptFlow = (type: string, data: Record<string, unknown> = {}) =>
  flow(
    [
      's:beginNode',
      ['t', 'textNode', { text: 'photosynthesis' }],
      ['p', type, data],
      ['d', 'displayNode', AUTO],
    ],
    ['s.out>p.in', 't.text>p.prompt', 'p.out>d.in', 'p.response>d.text'],
  );

describe('AI Prompt and Simple AI Prompt', () => {
  it('send the author prompt and the linked text, stream the answer, and count the usage', async () => {
    const { options, ai } = setup({ ai: () => 'Plants turn light into food.' });
    const events: TRunEvent[] = [];
    const r = await startRun(
      promptFlow('simplePromptNode', { prompt: 'Explain simply:', instructions: 'Be brief' }),
      {
        ...options,
        onEvent: (e) => events.push(e),
      },
    );
    expect(ai.requests[0]).toMatchObject({
      nodeId: 'p',
      nodeType: 'simplePromptNode',
      purpose: 'prompt',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Explain simply:\n\nphotosynthesis' },
      ],
    });
    expect(r.shown[0]).toMatchObject({ markdown: 'Plants turn light into food.' });
    expect(
      events.filter((e) => e.type === 'ai-piece').map((e) => (e.type === 'ai-piece' ? e.text : '')),
    ).toEqual(['Plants turn li', 'ght into food.']);
    expect(events.find((e) => e.type === 'ai-usage')).toMatchObject({ nodeId: 'p', credits: '0.001' });
    expect(r.state.usage).toEqual({ aiCalls: 1, inputTokens: 10, outputTokens: 28 });
  });

  it('AI Prompt passes a linked knowledge bank to the provider', async () => {
    const { options, ai } = setup();
    const f = flow(
      [
        's:beginNode',
        ['t', 'textNode', { text: 'q' }],
        ['k', 'knowledgeBankNode', { bankId: 'bank1' }],
        'p:promptNode',
      ],
      ['s.out>p.in', 't.text>p.prompt', 'k.knowledge>p.knowledge'],
    );
    await startRun(f, options);
    expect(ai.requests[0].knowledgeBankIds).toEqual(['bank1']);
  });

  it('a failing provider stops the run with its error code, and retry runs the block again', async () => {
    let calls = 0;
    const { options } = setup({
      ai: () =>
        ++calls === 1
          ? Object.assign(new Error('no credits'), { errorCode: 'UNIT_BALANCE_INSUFFICIENT' })
          : 'ok',
    });
    const f = promptFlow('promptNode');
    const failed = await startRun(f, options);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({
      code: 'ai-failed',
      nodeId: 'p',
      detail: 'UNIT_BALANCE_INSUFFICIENT',
    });
    expect((await resumeRun(f, failed.state, { kind: 'text', text: 'x' }, options)).refused?.code).toBe(
      'answer-refused',
    );
    const retried = await resumeRun(f, failed.state, { kind: 'retry' }, options);
    expect(retried.status).toBe('done');
    expect(retried.shown[0]).toMatchObject({ markdown: 'ok' });
    expect(retried.error).toBeUndefined();
  });

  it('without an AI port the block reports port-missing and the walk goes on', async () => {
    const { options } = setup();
    const r = await startRun(promptFlow('promptNode'), {
      ...options,
      ports: { ...options.ports, ai: undefined },
    });
    expect(r.status).toBe('done');
    expect(r.state.issues).toContainEqual(expect.objectContaining({ code: 'port-missing', detail: 'ai' }));
  });

  it('with no prompt at all the block says its input is missing and asks nothing', async () => {
    const { options, ai } = setup();
    await startRun(flow(['s:beginNode', 'p:simplePromptNode'], ['s.out>p.in']), options);
    expect(ai.requests).toEqual([]);
  });
});

describe('AI General Feedback', () => {
  const f = (data: Record<string, unknown> = {}) =>
    flow(
      [
        's:beginNode',
        'i:inputNode',
        ['p', 'processNode', { question: 'Why are leaves green?', maxScore: 5, ...data }],
      ],
      ['s.out>i.in', 'i.out>p.in', 'i.text>p.response'],
    );

  it('marks the answer: score and feedback out, answered with the score and the answer as evidence', async () => {
    const { options, ai, statements } = setup({
      ai: () => '```json\n{"score": 4, "feedback": "Good, mention chlorophyll."}\n```',
    });
    const [, r] = await drive(f(), options, [{ kind: 'text', text: 'Because of chlorophyll' }]);
    expect(ai.requests[0]).toMatchObject({ purpose: 'feedback', expects: 'json' });
    expect(ai.requests[0].messages[0].content).toContain('out of 5');
    expect(r.state.outputs.p).toEqual({
      score: { type: 'text', text: '4' },
      feedback: { type: 'text', text: 'Good, mention chlorophyll.' },
    });
    const marked = statements.filter((s) => s.verb.id.endsWith('/answered')).at(-1);
    expect(marked?.result).toMatchObject({
      score: { raw: 4, max: 5, scaled: 0.8 },
      response: 'Good, mention chlorophyll.',
    });
  });

  it('reads a score from prose and clamps it; no score at all is reported', async () => {
    const prose = setup({ ai: () => 'I would give this 9/10, nice.' });
    const [, r] = await drive(f(), prose.options, [{ kind: 'text', text: 'x' }]);
    expect(r.state.outputs.p.score).toEqual({ type: 'text', text: '5' });
    const none = setup({ ai: () => 'Nice try.' });
    const [, r2] = await drive(f(), none.options, [{ kind: 'text', text: 'x' }]);
    expect(r2.state.outputs.p.score).toBeUndefined();
    expect(r2.state.outputs.p.feedback).toEqual({ type: 'text', text: 'Nice try.' });
    expect(r2.state.issues).toContainEqual(
      expect.objectContaining({ code: 'ai-unparsable', handleId: 'score' }),
    );
  });
});

describe('Generate Questions with AI', () => {
  it('writes a quiz that the Quiz block asks', async () => {
    const { options, ai } = setup({
      ai: () =>
        'Here you go: {"questions":[{"question":"Sun?","options":["star","planet"],"answer":"star"}]}',
    });
    const f = flow(
      ['s:beginNode', ['g', 'generateQuestionViaAiNode', { topic: 'space', count: 1 }], 'q:quizJsonNode'],
      ['s.out>g.in', 'g.out>q.in', 'g.quiz>q.quiz'],
    );
    const [first, second] = await drive(f, options, [{ kind: 'quiz', responses: { q1: 'star' } }]);
    expect(ai.requests[0]).toMatchObject({
      purpose: 'questions',
      messages: [{ role: 'system' }, { role: 'user', content: 'space' }],
    });
    expect(first.waiting?.request).toMatchObject({
      kind: 'quiz',
      title: 'space',
      questions: [{ prompt: 'Sun?' }],
    });
    expect(second.state.outputs.q.score).toEqual({ type: 'text', text: '1' });
  });

  it('an answer that is not a quiz is reported', async () => {
    const { options } = setup({ ai: () => 'Sorry, I cannot.' });
    const r = await startRun(
      flow(['s:beginNode', ['g', 'generateQuestionViaAiNode', { topic: 't' }]], ['s.out>g.in']),
      options,
    );
    expect(r.state.issues).toContainEqual(
      expect.objectContaining({ code: 'ai-unparsable', handleId: 'quiz' }),
    );
  });
});

describe('Multi-turn Conversation', () => {
  const f = (data: Record<string, unknown> = {}) =>
    flow(
      [
        's:beginNode',
        ['c', 'multiTurnConversationNode', { goal: 'Explain photosynthesis', maxTurns: 2, ...data }],
        ['pass', 'displayNode', AUTO],
        ['fail', 'displayNode', AUTO],
      ],
      ['s.out>c.in', 'c.pass>pass.in', 'c.fail>fail.in', 'c.summary>pass.text', 'c.chatlog>fail.text'],
    );

  it('talks turn by turn, then judges: pass path with the summary; chat log kept', async () => {
    const { options, ai, statements } = setup({
      ai: (r) =>
        r.purpose === 'conversation-verdict'
          ? '{"passed": true, "summary": "Knows it well."}'
          : `Q${r.messages.length}`,
    });
    const results = await drive(f(), options, [
      { kind: 'text', text: 'Light makes sugar' },
      { kind: 'text', text: 'In chloroplasts' },
    ]);
    expect(results[0].waiting?.request).toEqual({
      kind: 'conversation',
      messages: [{ role: 'assistant', text: 'Q2' }],
      turn: 1,
      maxTurns: 2,
    });
    expect(results[1].waiting?.request).toMatchObject({ turn: 2 });
    const end = results[2];
    expect(end.shown[0]).toMatchObject({ nodeId: 'pass', markdown: 'Knows it well.' });
    expect(end.state.outputs.c.chatlog).toEqual({
      type: 'text',
      text: 'Tutor: Q2\nLearner: Light makes sugar\nTutor: Q3\nLearner: In chloroplasts',
    });
    expect(ai.requests.map((r) => r.purpose)).toEqual([
      'conversation-turn',
      'conversation-turn',
      'conversation-verdict',
    ]);
    expect(statements.some((s) => s.verb.id.endsWith('/passed') && s.result?.success === true)).toBe(true);
    expect(end.state.memory.c).toBeUndefined();
  });

  it('the learner may end early; a failed verdict goes down the fail path', async () => {
    const { options } = setup({
      ai: (r) => (r.purpose === 'conversation-verdict' ? 'The learner failed.' : 'Hi'),
    });
    const [, end] = await drive(f({ opening: 'Hello! Ready?' }), options, [{ kind: 'end' }]);
    expect(end.shown[0]).toMatchObject({ nodeId: 'fail', markdown: 'Tutor: Hello! Ready?' });
  });

  it('a provider failure mid-talk keeps the transcript; retry carries on', async () => {
    let fail = true;
    const { options } = setup({
      ai: (r) => (r.messages.length > 2 && fail ? new Error('down') : 'Tutor says'),
    });
    const first = await startRun(f(), options);
    const failed = await resumeRun(f(), first.state, { kind: 'text', text: 'my reply' }, options);
    expect(failed.status).toBe('failed');
    fail = false;
    const retried = await resumeRun(f(), failed.state, { kind: 'retry' }, options);
    expect(retried.waiting?.request).toMatchObject({
      kind: 'conversation',
      turn: 2,
      messages: [
        { role: 'assistant', text: 'Tutor says' },
        { role: 'learner', text: 'my reply' },
        { role: 'assistant', text: 'Tutor says' },
      ],
    });
  });
});

describe('Multi-turn Router', () => {
  const f = () =>
    flow(
      [
        's:beginNode',
        ['t', 'textNode', { text: 'chat' }],
        'r:multiTurnRouterNode',
        ['a', 'conditionalNode', { buttonText: 'Easy' }],
        ['b', 'conditionalNode', { buttonText: 'Hard' }],
        ['da', 'displayNode', { text: 'A', ...AUTO }],
        ['db', 'displayNode', { text: 'B', ...AUTO }],
      ],
      [
        's.out>r.in',
        't.text>r.chatlog',
        'r.branch>a.branch',
        'r.branch>b.branch',
        'a.out>da.in',
        'b.out>db.in',
      ],
    );

  it('follows the path the model names', async () => {
    const { options } = setup({ ai: () => '2' });
    expect((await startRun(f(), options)).shown.map((i) => i.nodeId)).toEqual(['db']);
  });

  it('lets the learner choose when the model names no path', async () => {
    const { options } = setup({ ai: () => 'hmm' });
    const r = await startRun(f(), options);
    expect(r.waiting?.request).toMatchObject({ kind: 'choice', options: [{ id: 'a' }, { id: 'b' }] });
  });
});
