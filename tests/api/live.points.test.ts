import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flows, liveSessions } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './harness';
import type { AssignmentWorld } from './helpers/assignment-world';
import { callerOf, worldPerTest } from './helpers/assignment-world';
import { learnerLiveUrl, liveAssignment, liveUrl } from './helpers/live';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

type Who = 'owner' | 'participant' | 'stranger' | 'outsider';
const as = (who: Who) => callerOf(w, who);
const live = liveUrl;
const learner = learnerLiveUrl;

/** The lesson's flow with real quizzes: step 0 one right option, step 1 two right options, step 2 none. */
async function quizLesson(start: Record<string, unknown>) {
  const a = await liveAssignment(w);
  const quiz = (question: Record<string, unknown>) => ({ questions: [question] });
  const nodes = [
    { id: 'n0', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    {
      id: 'n1',
      type: 'quizJsonNode',
      position: { x: 0, y: 100 },
      data: {
        label: 'Capital',
        quiz: quiz({ question: 'Capital of France?', options: ['Rome', 'Paris'], answer: 'B' }),
      },
    },
    {
      id: 'n2',
      type: 'quizJsonNode',
      position: { x: 0, y: 200 },
      data: {
        label: 'Primes',
        quiz: quiz({ question: 'Which are prime?', options: ['2', '4', '7'], correctAnswers: ['2', '7'] }),
      },
    },
    { id: 'n3', type: 'quizJsonNode', position: { x: 0, y: 300 }, data: { label: 'No quiz' } },
  ];
  await t.database.db.update(flows).set({ nodes }).where(eq(flows.id, a.flowId));
  // A second learner: another member of the school joins with the code.
  const joined = await t.call('POST', '/api/assignment/join', { ...as('stranger'), body: { code: a.code } });
  expect(joined.status).toBe(200);
  const started = await t.call('POST', live(a._id), { ...as('owner'), body: start });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  for (const who of ['participant', 'stranger'] as const)
    expect((await t.call('POST', `${learner(a._id)}/join`, as(who))).status).toBe(200);
  const sessionId = started.body.data._id as string;
  const answer = (who: Who, step: number, choices: string[]) =>
    t.call('POST', `${learner(a._id)}/answers`, {
      ...as(who),
      body: { sessionId, step, nodeId: `n${step + 1}`, answer: { choices } },
    });
  /** Moves the step's opening back, as if the class had been thinking for `seconds`. */
  const thinking = (seconds: number) =>
    t.database.db
      .update(liveSessions)
      .set({ stepOpenedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(liveSessions.id, sessionId));
  return { a, sessionId, answer, thinking, state: started.body.data };
}

const board = async (id: string) => {
  const res = await t.call('GET', `${live(id)}/leaderboard`, as('owner'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.entries as Array<{
    rank: number;
    points: number;
    name: string | null;
    learner: number;
  }>;
};
const score = async (id: string, who: Who) =>
  (await t.call('GET', `${learner(id)}/score`, as(who))).body.data;

describe('[LIVE] points and a leaderboard', () => {
  it('a right answer earns 500 plus up to 500 by speed on the server clock; wrong earns 0; twice counts once', async () => {
    const { a, answer, thinking, state } = await quizLesson({ points: true });
    expect(state).toMatchObject({ points: true, hideNames: true });

    expect((await answer('participant', 0, ['Paris'])).status).toBe(200);
    const fast = await board(a._id);
    expect(fast[0].points).toBeGreaterThan(950);
    expect(fast[0].points).toBeLessThanOrEqual(1000);

    // Ten seconds after the step opened: half the speed bonus.
    await thinking(10);
    expect((await answer('stranger', 0, ['Paris'])).status).toBe(200);
    const [first, second] = await board(a._id);
    expect(second.points).toBeGreaterThanOrEqual(740);
    expect(second.points).toBeLessThanOrEqual(750);

    // The phone sends the same answer again later (it could not know it landed): still the first points.
    await thinking(30);
    expect((await answer('participant', 0, ['Paris'])).status).toBe(200);
    expect((await board(a._id))[0]).toEqual(first);

    // Next step: two right options, both needed; a wrong answer earns 0; late right answers earn the base.
    await t.call('POST', `${live(a._id)}/control`, { ...as('owner'), body: { action: 'next' } });
    await thinking(25);
    expect((await answer('participant', 1, ['2'])).status).toBe(200);
    expect((await answer('stranger', 1, ['2', '7'])).status).toBe(200);
    const after = await board(a._id);
    expect(after.find((e) => e.learner === 1)?.points).toBe(first.points);
    expect(after.find((e) => e.learner === 2)?.points).toBe(second.points + 500);

    // Names hidden by default: "Learner n" by order of joining; each phone sees its own standing.
    expect(after.every((e) => e.name === null)).toBe(true);
    expect(await score(a._id, 'stranger')).toEqual({ points: second.points + 500, rank: 1, of: 2 });
    expect(await score(a._id, 'participant')).toEqual({ points: first.points, rank: 2, of: 2 });
  });

  it('is off by default: no points, and the leaderboard says so', async () => {
    const { a, answer, state } = await quizLesson({});
    expect(state.points).toBe(false);
    expect((await answer('participant', 0, ['Paris'])).status).toBe(200);
    expect(await score(a._id, 'participant')).toEqual({ points: 0, rank: 1, of: 2 });
    const off = await t.call('GET', `${live(a._id)}/leaderboard`, as('owner'));
    expect(off.status).toBe(400);
  });

  it('shows names when the teacher chose to; the chart marks the right option only after Reveal', async () => {
    const { a, answer } = await quizLesson({ points: true, hideNames: false });
    await answer('participant', 0, ['Rome']);
    const results = async () => (await t.call('GET', `${live(a._id)}/results`, as('owner'))).body.data;
    const question = { prompt: 'Capital of France?', options: ['Rome', 'Paris'] };
    expect((await results()).quiz).toEqual({ questions: [question] });
    await t.call('POST', `${live(a._id)}/control`, { ...as('owner'), body: { action: 'reveal' } });
    expect((await results()).quiz).toEqual({ questions: [{ ...question, correct: ['Paris'] }] });
    const names = (await board(a._id)).map((e) => e.name);
    expect(names).toContain('Pia Pupil');
    expect(names).not.toContain(null);
  });

  it('another space is refused, a learner cannot read the board, bad input is 400 naming the field', async () => {
    const { a } = await quizLesson({ points: true });
    expect((await t.call('GET', `${live(a._id)}/leaderboard`, as('outsider'))).status).toBe(404);
    expect((await t.call('GET', `${live(a._id)}/leaderboard`, as('participant'))).status).toBe(403);
    expect((await t.call('GET', `${learner(a._id)}/score`, as('outsider'))).status).toBe(403);
    await t.call('POST', `${live(a._id)}/control`, { ...as('owner'), body: { action: 'end' } });
    const bad = await t.call('POST', live(a._id), { ...as('owner'), body: { points: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('points');
  });
});
