import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../src/shared/contract/live';
import { createTestApp, type TestApp } from './harness';
import type { AssignmentWorld } from './helpers/assignment-world';
import { worldPerTest } from './helpers/assignment-world';
import { liveAssignment, liveReader, openLive } from './helpers/live';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const isState = (step: number) => (e: TLiveEvent | 'DONE') =>
  e !== 'DONE' && e.type === 'state' && e.state.step === step;

describe('[LIVE] the event streams of a live session', () => {
  it('the projector hears joins, answers and steps; a phone hears the steps only, the current one first', async () => {
    const a = await liveAssignment(w);
    const owner = { token: w.users.owner.token, orgId: w.org };
    const pupil = { token: w.users.participant.token };
    expect((await t.call('GET', `/api/assignment/${a._id}/live/events`, owner)).status).toBe(404);
    const started = await t.call('POST', `/api/assignment/${a._id}/live`, { ...owner, body: {} });
    const sessionId = started.body.data._id as string;
    const projector = liveReader(
      await openLive(t, `/api/assignment/${a._id}/live/events`, owner.token, w.org),
    );
    expect(await projector.next()).toMatchObject({ type: 'state', state: { _id: sessionId, step: 0 } });

    // A phone that has not joined has no stream; a stranger none either.
    const phonePath = `/api/player/assignment/${a._id}/live/events`;
    expect((await openLive(t, phonePath, pupil.token)).status).toBe(403);
    expect((await openLive(t, phonePath, w.users.stranger.token)).status).toBe(403);
    await t.call('POST', `/api/player/assignment/${a._id}/live/join`, pupil);
    expect(await projector.next()).toEqual({
      type: 'joined',
      member: { userId: w.users.participant.id, name: 'Pia Pupil', guest: false },
      memberCount: 1,
    });
    const phone = liveReader(await openLive(t, phonePath, pupil.token));
    expect(await phone.next()).toMatchObject({ type: 'state', state: { step: 0, memberCount: 1 } });

    const answer = { sessionId, step: 0, nodeId: 'n1', answer: { choices: ['b'] } };
    await t.call('POST', `/api/player/assignment/${a._id}/live/answers`, { ...pupil, body: answer });
    expect(await projector.next()).toEqual({
      type: 'answer',
      step: 0,
      userId: w.users.participant.id,
      nodeId: 'n1',
      answer: { choices: ['b'] },
    });

    await t.call('POST', `/api/assignment/${a._id}/live/control`, { ...owner, body: { action: 'next' } });
    // Only state reaches the phone: its next event after the first state is step 1, not the answer.
    expect(await phone.next()).toMatchObject({ type: 'state', state: { step: 1, answersOpen: true } });
    expect(await projector.next()).toMatchObject({ type: 'state', state: { step: 1 } });

    // The phone loses its network; meanwhile the teacher moves on; on reconnecting it lands on step 2.
    await phone.close();
    await t.call('POST', `/api/assignment/${a._id}/live/control`, { ...owner, body: { action: 'next' } });
    const back = liveReader(await openLive(t, phonePath, pupil.token));
    expect(await back.next()).toMatchObject({ type: 'state', state: { step: 2 } });

    await t.call('POST', `/api/assignment/${a._id}/live/control`, { ...owner, body: { action: 'end' } });
    expect(await back.next()).toMatchObject({ type: 'state', state: { ended: true } });
    expect(await back.next((e) => e === 'DONE')).toBe('DONE');
    expect(await projector.next(isState(2))).toMatchObject({ state: { ended: false } });
    expect(await projector.next()).toMatchObject({ type: 'state', state: { ended: true } });
    expect(await projector.next((e) => e === 'DONE')).toBe('DONE');
  });
});
