import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import type { TLiveEvent } from '../../src/shared/contract/live';
import { createTestApp, type TestApp } from './harness';
import type { AssignmentWorld } from './helpers/assignment-world';
import { callerOf, worldPerTest } from './helpers/assignment-world';
import { learnerLiveUrl, liveAssignment, liveReader, liveUrl, openLive } from './helpers/live';

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

/** Step 0 is one quiz of three questions: a single choice, a multiple choice, a question with no key. */
async function threeQuestionLesson(start: Record<string, unknown>) {
  const a = await liveAssignment(w);
  const questions = [
    { question: 'Capital of France?', options: ['Rome', 'Paris'], answer: 'Paris' },
    { question: 'Which are prime?', options: ['2', '4', '7'], correctAnswers: ['2', '7'] },
    { question: 'What did you like?', options: ['Maps', 'Songs'] },
  ];
  const nodes = [
    { id: 'n0', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    { id: 'n1', type: 'quizJsonNode', position: { x: 0, y: 100 }, data: { quiz: { questions } } },
    { id: 'n2', type: 'quizJsonNode', position: { x: 0, y: 200 }, data: {} },
    { id: 'n3', type: 'quizJsonNode', position: { x: 0, y: 300 }, data: {} },
  ];
  await t.database.db.update(flows).set({ nodes }).where(eq(flows.id, a.flowId));
  const joined = await t.call('POST', '/api/assignment/join', { ...as('stranger'), body: { code: a.code } });
  expect(joined.status).toBe(200);
  const started = await t.call('POST', live(a._id), { ...as('owner'), body: start });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  for (const who of ['participant', 'stranger'] as const)
    expect((await t.call('POST', `${learner(a._id)}/join`, as(who))).status).toBe(200);
  const sessionId = started.body.data._id as string;
  const answer = (who: Who, given: unknown) =>
    t.call('POST', `${learner(a._id)}/answers`, {
      ...as(who),
      body: { sessionId, step: 0, nodeId: 'n1', answer: given },
    });
  return { a, answer };
}

const isType =
  <K extends TLiveEvent['type']>(type: K) =>
  (e: TLiveEvent | 'DONE'): boolean =>
    e !== 'DONE' && e.type === type;

describe('[LIVE] every question of a quiz on the projector, a live leaderboard', () => {
  it('charts each question, marks each right answer on Reveal and scores each question', async () => {
    const { a, answer } = await threeQuestionLesson({ points: true });
    const all = { questions: [{ choices: ['Paris'] }, { choices: ['7', '2'] }, { choices: ['Songs'] }] };
    expect((await answer('participant', all)).status).toBe(200);
    const half = { questions: [{ choices: ['Rome'] }, { choices: ['2', '7'] }, null] };
    expect((await answer('stranger', half)).status).toBe(200);

    const results = async () => (await t.call('GET', `${live(a._id)}/results`, as('owner'))).body.data;
    const before = await results();
    expect(before.answers.map((x: { answer: unknown }) => x.answer)).toEqual([all, half]);
    expect(before.quiz).toEqual({
      questions: [
        { prompt: 'Capital of France?', options: ['Rome', 'Paris'] },
        { prompt: 'Which are prime?', options: ['2', '4', '7'] },
        { prompt: 'What did you like?', options: ['Maps', 'Songs'] },
      ],
    });
    await t.call('POST', `${live(a._id)}/control`, { ...as('owner'), body: { action: 'reveal' } });
    const marked = (await results()).quiz.questions.map((q: { correct?: string[] }) => q.correct);
    expect(marked).toEqual([['Paris'], ['2', '7'], undefined]);

    // Two questions right answered at once: twice 500 + the speed bonus; one right: once.
    const board = (await t.call('GET', `${live(a._id)}/leaderboard`, as('owner'))).body.data.entries;
    expect(board[0].points).toBeGreaterThanOrEqual(1000);
    expect(board[0].points).toBeLessThanOrEqual(2000);
    expect(board[0].points % 2).toBe(0);
    expect(board[1].points).toBeGreaterThanOrEqual(500);
    expect(board[1].points).toBeLessThanOrEqual(1000);
  });

  it('an answer changes what the streams send: the board on the projector, each phone its rank', async () => {
    const { a, answer } = await threeQuestionLesson({ points: true });
    const projector = liveReader(await openLive(t, `${live(a._id)}/events`, w.users.owner.token, w.org));
    const pia = liveReader(await openLive(t, `${learner(a._id)}/events`, w.users.participant.token));
    const sam = liveReader(await openLive(t, `${learner(a._id)}/events`, w.users.stranger.token));
    // On connecting: nobody has points yet, everyone shares rank 1.
    expect(await projector.next(isType('leaderboard'))).toMatchObject({
      entries: [
        { rank: 1, points: 0 },
        { rank: 1, points: 0 },
      ],
    });
    expect(await pia.next(isType('score'))).toEqual({ type: 'score', score: { points: 0, rank: 1, of: 2 } });
    expect(await sam.next(isType('score'))).toEqual({ type: 'score', score: { points: 0, rank: 1, of: 2 } });

    expect((await answer('stranger', { questions: [{ choices: ['Paris'] }, null, null] })).status).toBe(200);
    const after = (await projector.next(isType('leaderboard'))) as Extract<
      TLiveEvent,
      { type: 'leaderboard' }
    >;
    expect(after.entries[0]).toMatchObject({ rank: 1, learner: 2, name: null });
    expect(after.entries[0].points).toBeGreaterThan(500);
    expect(after.entries[1]).toEqual({ rank: 2, points: 0, learner: 1, name: null });
    // Pia answered nothing, yet her rank moved: her phone hears it; Sam's hears his points.
    expect(await pia.next(isType('score'))).toEqual({ type: 'score', score: { points: 0, rank: 2, of: 2 } });
    const samNow = (await sam.next(isType('score'))) as Extract<TLiveEvent, { type: 'score' }>;
    expect(samNow.score).toMatchObject({ rank: 1, of: 2 });
    expect(samNow.score.points).toBe(after.entries[0].points);
    // Pia's right answer to the second question: her phone hears her new points (the board's own).
    expect((await answer('participant', { questions: [null, { choices: ['2', '7'] }, null] })).status).toBe(
      200,
    );
    const tied = (await projector.next(isType('leaderboard'))) as Extract<
      TLiveEvent,
      { type: 'leaderboard' }
    >;
    const piaNow = (await pia.next(isType('score'))) as Extract<TLiveEvent, { type: 'score' }>;
    expect(piaNow.score.points).toBe(tied.entries.find((e) => e.learner === 1)?.points);
    expect(piaNow.score.points).toBeGreaterThan(500);
    for (const s of [projector, pia, sam]) await s.close();
  });

  it('without points the streams send no scores; another space is refused; bad input is 400', async () => {
    const { a, answer } = await threeQuestionLesson({});
    const pia = liveReader(await openLive(t, `${learner(a._id)}/events`, w.users.participant.token), 800);
    await pia.next();
    expect((await answer('participant', { questions: [{ choices: ['Paris'] }] })).status).toBe(200);
    await expect(pia.next(isType('score'))).rejects.toThrow(/no matching live event/);
    await pia.close();

    expect((await t.call('GET', `${live(a._id)}/results`, as('outsider'))).status).toBe(404);
    expect((await openLive(t, `${live(a._id)}/events`, w.users.outsider.token, w.otherOrg)).status).toBe(404);
    const empty = await answer('participant', { questions: [] });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('answer');
    const tooMany = await answer('participant', { questions: Array(51).fill(null) });
    expect(tooMany.status).toBe(400);
  });
});
