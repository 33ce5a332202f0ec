import { describe, expect, it } from 'vitest';
import { resumeRun, SKIPPED_VERB, skipRun, startRun } from '../../../src/shared/domain/runtime';
import { flow, setup } from './harness';

/** start → intro → name (text) → quiz → bye: a late phone lands on the quiz. */
const lesson = () =>
  flow(
    [
      's:beginNode',
      ['intro', 'displayNode', { text: 'Welcome' }],
      ['name', 'inputNode', { question: 'Name?' }],
      ['q', 'quizJsonNode', { quiz: [{ id: 'a', question: '1+1?', options: ['1', '2'], answer: '2' }] }],
      ['bye', 'displayNode', { text: 'Bye', autoExecuteNextNode: true }],
    ],
    ['s.out>intro.in', 'intro.out>name.in', 'name.out>q.in', 'q.out>bye.in'],
  );

const verbs = (statements: Array<{ verb: { id: string } }>) =>
  statements.map((s) => s.verb.id.split('/').pop());

describe('[LIVE] skipRun: a run lands on a later block without answering the ones before', () => {
  it('waits at the target block, records each skipped block as skipped and invents no answer', async () => {
    const { options, statements } = setup();
    const started = await startRun(lesson(), options);
    expect(started.state.at?.nodeId).toBe('intro');
    const before = JSON.stringify(started.state);

    const moved = await skipRun(lesson(), started.state, 'q', ['intro', 'name'], options);

    expect(moved.status).toBe('waiting');
    expect(moved.state.at?.nodeId).toBe('q');
    expect(moved.waiting?.request.kind).toBe('quiz');
    // The given state is untouched, as resumeRun leaves it.
    expect(JSON.stringify(started.state)).toBe(before);
    const skipped = statements.filter((s) => s.verb.id === SKIPPED_VERB.id);
    expect(skipped.map((s) => s.object.id.split('/').pop())).toEqual(['intro', 'name']);
    expect(verbs(statements)).not.toContain('answered');
    // Nothing was made up for the text block the learner never saw.
    expect(moved.state.outputs.name).toBeUndefined();

    const done = await resumeRun(lesson(), moved.state, { kind: 'quiz', responses: { a: '2' } }, options);
    expect(done.status).toBe('done');
    expect(verbs(statements).at(-1)).toBe('completed');
  });

  it('refuses a finished run and a block the flow does not have, leaving the state as it was', async () => {
    const { options, statements } = setup();
    const started = await startRun(lesson(), options);
    const unknown = await skipRun(lesson(), started.state, 'gone', ['intro'], options);
    expect(unknown.refused?.code).toBe('flow-changed');
    expect(unknown.state).toBe(started.state);

    let r = started;
    for (const a of [
      { kind: 'continue' },
      { kind: 'text', text: 'Ada' },
      { kind: 'quiz', responses: { a: '1' } },
    ])
      r = await resumeRun(lesson(), r.state, a, options);
    expect(r.status).toBe('done');
    const count = statements.length;
    const late = await skipRun(lesson(), r.state, 'q', ['name'], options);
    expect(late.refused?.code).toBe('run-finished');
    expect(statements).toHaveLength(count);
  });
});
