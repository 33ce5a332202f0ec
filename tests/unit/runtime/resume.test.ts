import { describe, expect, it } from 'vitest';
import {
  isRunState,
  resumeRun,
  seededRandom,
  startRun,
  type TRunState,
} from '../../../src/shared/domain/runtime';
import { flow, setup } from './harness';

const lesson = () =>
  flow(
    [
      's:beginNode',
      ['intro', 'displayNode', { text: 'Welcome' }],
      ['name', 'inputNode', { question: 'Name?' }],
      ['v', 'variableNode', { name: 'name' }],
      ['q', 'quizJsonNode', { quiz: [{ id: 'a', question: '1+1?', options: ['1', '2'], answer: '2' }] }],
      ['bye', 'displayNode', { text: 'Bye {{name}}', autoExecuteNextNode: true }],
    ],
    [
      's.out>intro.in',
      'intro.out>name.in',
      'name.out>v.in',
      'name.text>v.text',
      'v.out>q.in',
      'q.out>bye.in',
    ],
  );

const ANSWERS = [
  { kind: 'continue' },
  { kind: 'text', text: 'Ada' },
  { kind: 'quiz', responses: { a: '2' } },
] as const;

/** What IndexedDB or a JSONB column gives back. */
const stored = (state: TRunState): TRunState => JSON.parse(JSON.stringify(state));

describe('serialise and resume', () => {
  it('a state kept as JSON between every answer gives the same run as one kept in memory', async () => {
    const a = setup();
    const b = setup();
    let inMemory = await startRun(lesson(), a.options);
    let viaJson = await startRun(lesson(), b.options);
    for (const answer of ANSWERS) {
      inMemory = await resumeRun(lesson(), inMemory.state, answer, a.options);
      viaJson = await resumeRun(lesson(), stored(viaJson.state), answer, b.options);
    }
    expect(viaJson.status).toBe('done');
    expect(viaJson.state).toEqual(inMemory.state);
    expect(viaJson.state.feed.at(-1)).toMatchObject({ markdown: 'Bye Ada' });
    expect(b.statements).toEqual(a.statements);
  });

  it('the state is plain JSON at every stop (nothing lost, nothing that JSON cannot hold)', async () => {
    const { options } = setup();
    let r = await startRun(lesson(), options);
    for (const answer of ANSWERS) {
      expect(stored(r.state)).toEqual(r.state);
      expect(isRunState(stored(r.state))).toBe(true);
      r = await resumeRun(lesson(), r.state, answer, options);
    }
  });

  it('never changes the state it was given', async () => {
    const { options } = setup();
    const first = await startRun(lesson(), options);
    const before = JSON.stringify(first.state);
    const second = await resumeRun(lesson(), first.state, { kind: 'continue' }, options);
    expect(JSON.stringify(first.state)).toBe(before);
    expect(second.state).not.toBe(first.state);
  });

  it('the same answer twice (a double tap, a replayed outbox) is refused the second time', async () => {
    const { options } = setup();
    const first = await startRun(lesson(), options);
    const second = await resumeRun(lesson(), first.state, { kind: 'continue' }, options);
    // The old state is still at the intro; the new one waits for the name. A stale continue does not fit.
    const stale = await resumeRun(lesson(), second.state, { kind: 'continue' }, options);
    expect(stale.refused?.code).toBe('answer-refused');
  });

  it('a resume replayed from the same saved state sends the same statement ids (the LRS can drop them)', async () => {
    const { options, statements } = setup();
    const first = await startRun(lesson(), options);
    const atName = await resumeRun(lesson(), first.state, { kind: 'continue' }, options);
    const saved = stored(atName.state);
    const before = statements.length;
    await resumeRun(lesson(), saved, { kind: 'text', text: 'Ada' }, options);
    const replayFrom = statements.length;
    await resumeRun(lesson(), saved, { kind: 'text', text: 'Ada' }, options);
    const ids = statements.map((s) => s.id);
    expect(replayFrom - before).toBeGreaterThan(0);
    expect(ids.slice(replayFrom)).toEqual(ids.slice(before, replayFrom));
    expect(new Set(ids.slice(0, replayFrom)).size).toBe(replayFrom);
    const other = setup();
    await startRun(lesson(), {
      ...other.options,
      ports: { ...other.options.ports, random: seededRandom(7) },
    });
    expect(other.statements[0].id).not.toBe(statements[0].id);
  });

  it('a finished run refuses answers; a broken state is refused, not thrown', async () => {
    const { options } = setup();
    let r = await startRun(lesson(), options);
    for (const answer of ANSWERS) r = await resumeRun(lesson(), r.state, answer, options);
    expect((await resumeRun(lesson(), r.state, { kind: 'continue' }, options)).refused?.code).toBe(
      'run-finished',
    );
    const broken = await resumeRun(lesson(), { v: 2 } as unknown as TRunState, { kind: 'continue' }, options);
    expect(broken.status).toBe('failed');
    expect(broken.refused?.code).toBe('state-invalid');
  });

  it('a flow changed under a waiting run (the block is gone) fails with flow-changed', async () => {
    const { options } = setup();
    const first = await startRun(lesson(), options);
    const edited = lesson();
    edited.nodes = edited.nodes.filter((n) => n.id !== 'intro');
    const r = await resumeRun(edited, first.state, { kind: 'continue' }, options);
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('flow-changed');
  });

  it('a throwing event listener or clock does not break a run', async () => {
    const { options } = setup();
    const r = await startRun(lesson(), {
      ...options,
      onEvent: () => {
        throw new Error('listener');
      },
    });
    expect(r.status).toBe('waiting');
    const clockless = await startRun(lesson(), {
      ...options,
      ports: {
        ...options.ports,
        clock: {
          now: () => {
            throw new Error('clock');
          },
        },
      },
    });
    expect(clockless.status).toBe('failed');
    expect(clockless.error?.code).toBe('internal');
  });
});
