import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments } from '../../src/server/db/schema/assignments';
import { LIVE_ENDED, LIVE_STEP_CLOSED, LiveMessage } from '../../src/shared/contract/live';
import { newId } from '../../src/shared/domain/ids';
import { liveRegistration } from '../../src/shared/domain/live/registration';
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

type Who = 'owner' | 'coOwner' | 'head' | 'participant' | 'stranger' | 'outsider';
const as = (who: Who) => callerOf(w, who);
const live = liveUrl;
const control = (id: string, action: string, who: Who = 'owner') =>
  t.call('POST', `${live(id)}/control`, { ...as(who), body: { action } });
const learner = learnerLiveUrl;

describe('[LIVE] a live session on an assignment', () => {
  it('the owner, a co-owner and the org admin run it; others in the space get 403, another space 404', async () => {
    const a = await liveAssignment(w);
    await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
      ...as('owner'),
      body: { coOwnerEmails: ['co@school.test'] },
    });
    const first = await t.call('POST', live(a._id), { ...as('owner'), body: {} });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The lesson's xAPI registration, made by the one function the phones use too.
    expect(first.body.data.registration).toBe(liveRegistration(first.body.data._id));
    expect(first.body.data).toMatchObject({
      step: 0,
      stepCount: 3,
      answersOpen: true,
      revealed: false,
      workAhead: false,
      ended: false,
      code: a.code,
      flowId: a.flowId,
      memberCount: 0,
    });
    // One open session per assignment: starting again answers the open one.
    for (const who of ['owner', 'coOwner', 'head'] as const) {
      const again = await t.call('POST', live(a._id), { ...as(who), body: {} });
      expect(again.status, who).toBe(200);
      expect(again.body.data._id).toBe(first.body.data._id);
    }
    const expected: Record<Who, number> = {
      owner: 200,
      coOwner: 200,
      head: 200,
      participant: 403,
      stranger: 403,
      outsider: 404,
    };
    const got: Record<string, number> = {};
    for (const who of Object.keys(expected) as Who[]) got[who] = (await control(a._id, 'hide', who)).status;
    expect(got).toEqual(expected);
    for (const who of ['participant', 'outsider'] as const) {
      expect((await t.call('POST', live(a._id), { ...as(who), body: {} })).status).toBe(expected[who]);
      expect((await t.call('GET', `${live(a._id)}/results`, as(who))).status).toBe(expected[who]);
    }
    expect((await t.call('POST', live(a._id), { orgId: w.org, body: {} })).status).toBe(401);
  });

  it('answers bad input with 400 naming the field', async () => {
    const a = await liveAssignment(w);
    const notHex = await t.call('POST', live(a._id), { ...as('owner'), body: { flowId: 'x' } });
    expect(notHex.status).toBe(400);
    expect(JSON.stringify(notHex.body)).toContain('flowId');
    const notOurs = await t.call('POST', live(a._id), { ...as('owner'), body: { flowId: w.orgFlows[0] } });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.details.issues[0]).toEqual({
      field: 'flowId',
      message: LiveMessage.flowNotInAssignment,
    });
    const extra = await t.call('POST', live(a._id), { ...as('owner'), body: { step: 3 } });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body)).toContain('step');
    const started = await t.call('POST', live(a._id), { ...as('owner'), body: {} });
    const badAction = await control(a._id, 'jump');
    expect(badAction.status).toBe(400);
    expect(JSON.stringify(badAction.body)).toContain('action');
    const badStep = await t.call('GET', `${live(a._id)}/results?step=-1`, as('owner'));
    expect(badStep.status).toBe(400);
    expect(JSON.stringify(badStep.body)).toContain('step');
    await t.call('POST', `${learner(a._id)}/join`, as('participant'));
    const answer = { sessionId: started.body.data._id, step: 0, nodeId: 'n1', answer: { choices: ['a'] } };
    for (const [field, value] of [
      ['step', -1],
      ['sessionId', 'nope'],
      ['answer', { choices: [] }],
      ['nodeId', ''],
    ] as const) {
      const res = await t.call('POST', `${learner(a._id)}/answers`, {
        ...as('participant'),
        body: { ...answer, [field]: value },
      });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    expect((await t.call('POST', '/api/assignment/nope/live', { ...as('owner'), body: {} })).status).toBe(
      400,
    );
  });

  it('the teacher paces the steps; answers land only while their step is open; the end closes it', async () => {
    const a = await liveAssignment(w);
    const started = await t.call('POST', live(a._id), { ...as('owner'), body: {} });
    const sessionId = started.body.data._id as string;
    const joined = await t.call('POST', `${learner(a._id)}/join`, as('participant'));
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ _id: sessionId, step: 0, memberCount: 1 });
    const answer = (step: number, choices = ['b']) =>
      t.call('POST', `${learner(a._id)}/answers`, {
        ...as('participant'),
        body: { sessionId, step, nodeId: `n${step + 1}`, answer: { choices } },
      });
    expect((await answer(0)).status).toBe(200);
    expect((await answer(0, ['c'])).status).toBe(200);
    const steps: number[] = [];
    for (const action of ['next', 'next', 'next', 'back'])
      steps.push((await control(a._id, action)).body.data.step);
    expect(steps).toEqual([1, 2, 2, 1]);
    // Ahead of the teacher: refused until working ahead is allowed.
    const ahead = await answer(2);
    expect(ahead.status).toBe(409);
    expect(ahead.body).toMatchObject({ errorCode: LIVE_STEP_CLOSED, message: LiveMessage.stepClosed });
    expect((await control(a._id, 'aheadOn')).body.data.workAhead).toBe(true);
    expect((await answer(2)).status).toBe(200);
    // An earlier step stays closed whatever working ahead says.
    expect((await answer(0)).status).toBe(409);
    const revealed = await control(a._id, 'reveal');
    expect(revealed.body.data).toMatchObject({ revealed: true, answersOpen: false });
    expect((await answer(1)).body.errorCode).toBe(LIVE_STEP_CLOSED);
    expect((await control(a._id, 'open')).body.data.answersOpen).toBe(true);
    expect((await answer(1, ['a'])).status).toBe(200);

    const results = await t.call('GET', `${live(a._id)}/results?step=0`, as('owner'));
    expect(results.body.data).toEqual({
      step: 0,
      members: [{ userId: w.users.participant.id, name: 'Pia Pupil', guest: false }],
      answers: [{ userId: w.users.participant.id, nodeId: 'n1', answer: { choices: ['c'] } }],
    });
    const current = await t.call('GET', `${live(a._id)}/results`, as('owner'));
    expect(current.body.data.step).toBe(1);
    expect(current.body.data.answers.map((r: { answer: unknown }) => r.answer)).toEqual([{ choices: ['a'] }]);

    const ended = await control(a._id, 'end');
    expect(ended.body.data).toMatchObject({ ended: true, answersOpen: false });
    const late = await answer(1);
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe(LIVE_ENDED);
    expect((await control(a._id, 'next')).status).toBe(404);
    expect((await t.call('GET', live(a._id), as('owner'))).body.data).toBeNull();
    expect((await t.call('GET', learner(a._id), as('participant'))).body.data).toBeNull();
    const again = await t.call('POST', live(a._id), { ...as('owner'), body: {} });
    expect(again.status).toBe(201);
    expect(again.body.data._id).not.toBe(sessionId);
  });

  it('learners: participants and guests join; others are refused; an answer to another session is 404', async () => {
    const a = await liveAssignment(w);
    expect((await t.call('POST', `${learner(a._id)}/join`, as('participant'))).status).toBe(404);
    const started = await t.call('POST', live(a._id), { ...as('owner'), body: {} });
    expect((await t.call('GET', learner(a._id), as('participant'))).body.data._id).toBe(
      started.body.data._id,
    );
    for (const who of ['stranger', 'outsider'] as const) {
      expect((await t.call('GET', learner(a._id), as(who))).status, who).toBe(403);
      expect((await t.call('POST', `${learner(a._id)}/join`, as(who))).status, who).toBe(403);
    }
    expect((await t.call('GET', `/api/player/assignment/${newId()}/live`, as('participant'))).status).toBe(
      404,
    );
    // Not joined yet: no answers.
    const body = { sessionId: started.body.data._id, step: 0, nodeId: 'n1', answer: { text: 'hi' } };
    const early = await t.call('POST', `${learner(a._id)}/answers`, { ...as('participant'), body });
    expect(early.status).toBe(403);
    const other = { ...body, sessionId: newId() };
    await t.call('POST', `${learner(a._id)}/join`, as('participant'));
    expect(
      (await t.call('POST', `${learner(a._id)}/answers`, { ...as('participant'), body: other })).status,
    ).toBe(404);

    await t.database.db.update(assignments).set({ signInRequired: false }).where(eq(assignments.id, a._id));
    const guest = await t.call('POST', '/api/player/guest/join', { body: { code: a.code, name: 'Kim' } });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    const token = guest.body.session.accessToken as string;
    const joined = await t.call('POST', `${learner(a._id)}/join`, { token });
    expect(joined.body.data.memberCount).toBe(2);
    expect((await t.call('POST', `${learner(a._id)}/answers`, { token, body })).status).toBe(200);
    const results = await t.call('GET', `${live(a._id)}/results`, as('owner'));
    expect(results.body.data.members.map((m: { name: string; guest: boolean }) => [m.name, m.guest])).toEqual(
      [
        ['Pia Pupil', false],
        ['Kim', true],
      ],
    );
  });
});
