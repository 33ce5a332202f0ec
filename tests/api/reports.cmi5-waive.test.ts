import { expect, it } from 'vitest';
import { ZCmi5UnitsResponse, ZCmi5WaiveResponse } from '../../src/shared/contract/cmi5-units';
import { CMI5_AU, cmi5Package } from '../fixtures/packages';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { startSession, VERB } from './helpers/cmi5-session';
import { packageAssignment, xapi } from './helpers/package-launch';

/**
 * The teacher's cmi5 waiver (cmi5 §9.3.7): the owner sees each participant's units in their latest
 * registration and waives one; the LMS writes "waived" once (reason as a result extension, a session
 * of its own) and counts the AU as met, so the course is satisfied. Other spaces get 404, members who
 * do not manage the assignment 403, bad input 400 naming the field.
 */

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const REGISTRATION = '8e9f0a1b-2c3d-4e4f-8a5b-6c7d8e9f0a1b';
const SECOND_AU = `${CMI5_AU}-2`;

it('[REPORTS] cmi5 waiver: the owner sees the units, waives the open one once, and the course is satisfied', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5Package({ moveOn: 'Completed' }, { secondAu: true }));
  const path = `/api/assignment/${where.assignmentId}`;
  const s = await startSession(t, w.users.participant.token, where, REGISTRATION);
  expect((await s.say('completed', { completion: true })).status).toBe(200);

  const listed = await t.call('GET', `${path}/cmi5-units`, { token: w.users.owner.token, orgId: w.org });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const [course] = ZCmi5UnitsResponse.parse(listed.body).data.courses;
  expect(course.packageId).toBe(where.packageId);
  expect(course.learners).toHaveLength(1);
  expect(course.learners[0]).toMatchObject({
    userId: w.users.participant.id,
    registration: REGISTRATION,
    satisfied: false,
  });
  expect(course.learners[0].units.map((u) => [u.auId, u.state])).toEqual([
    [CMI5_AU, 'met'],
    [SECOND_AU, 'open'],
  ]);

  const body = { packageId: where.packageId, userId: w.users.participant.id, auId: SECOND_AU };
  for (let i = 0; i < 2; i++) {
    const res = await t.call('POST', `${path}/cmi5-waive`, {
      token: w.users.owner.token,
      orgId: w.org,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZCmi5WaiveResponse.parse(res.body).data).toEqual({ state: 'waived', satisfied: true });
  }

  // What the AU (and any report) reads: one "waived", as cmi5 spells it, and the course satisfied.
  const read = await xapi(t, 'GET', `statements?${new URLSearchParams({ verb: VERB('waived') })}`, s.auth);
  expect(read.status).toBe(200);
  // The launch credentials read the registration's statements about any AU of it.
  const [waived, ...more] = read.body.statements;
  expect(more).toHaveLength(0);
  expect(waived.object.id).toBe(SECOND_AU);
  expect(waived.actor).toEqual(s.actor);
  expect(waived.result).toMatchObject({ success: true, completion: true });
  expect(waived.result.extensions['https://w3id.org/xapi/cmi5/result/extensions/reason']).toBe(
    'Administrative',
  );
  expect(waived.context.registration).toBe(REGISTRATION);
  const sessionId = waived.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid'];
  expect(sessionId).toEqual(expect.any(String));
  expect(sessionId).not.toBe(s.id);
  // Nothing of the launch it was found by: no launch mode or URL in a waiver.
  expect(Object.keys(waived.context.extensions).filter((k) => k.includes('/cmi5/'))).toEqual([
    'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  ]);
  expect(waived.context.contextActivities.category.map((a: { id: string }) => a.id)).toContain(
    'https://w3id.org/xapi/cmi5/context/categories/moveon',
  );
  const satisfied = await xapi(
    t,
    'GET',
    `statements?${new URLSearchParams({ verb: VERB('satisfied') })}`,
    s.auth,
  );
  expect(
    satisfied.body.statements.map(
      (st: { object: { definition: { type: string } } }) => st.object.definition.type,
    ),
  ).toContain('https://w3id.org/xapi/cmi5/activitytype/course');

  const after = ZCmi5UnitsResponse.parse(
    (await t.call('GET', `${path}/cmi5-units`, { token: w.users.owner.token, orgId: w.org })).body,
  ).data.courses[0].learners[0];
  expect(after.satisfied).toBe(true);
  expect(after.units.map((u) => u.state)).toEqual(['met', 'waived']);
});

it('[REPORTS] cmi5 waiver: another space gets 404, a member who does not manage it 403, bad input 400 naming the field, a learner who never launched 409', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5Package({ moveOn: 'Completed' }));
  const path = `/api/assignment/${where.assignmentId}`;
  const body = { packageId: where.packageId, userId: w.users.participant.id, auId: CMI5_AU };
  const as = (user: keyof AssignmentWorld['users'], orgId: string, b: unknown = body) =>
    t.call('POST', `${path}/cmi5-waive`, { token: w.users[user].token, orgId, body: b });

  expect((await as('outsider', w.otherOrg)).status).toBe(404);
  expect(
    (await t.call('GET', `${path}/cmi5-units`, { token: w.users.outsider.token, orgId: w.otherOrg })).status,
  ).toBe(404);
  expect((await as('stranger', w.org)).status).toBe(403);
  for (const [bad, field] of [
    [{ ...body, reason: 'Because' }, 'reason'],
    [{ ...body, auId: '' }, 'auId'],
    [{ ...body, userId: 'nope' }, 'userId'],
  ] as const) {
    const res = await as('owner', w.org, bad);
    expect(res.status, field).toBe(400);
    expect(res.body.message).toContain(field);
  }
  const notThere = await as('owner', w.org, { ...body, auId: `${CMI5_AU}-9` });
  expect(notThere.status).toBe(409);
  // The participant never launched it: there is no registration to waive in yet.
  expect((await as('owner', w.org)).status).toBe(409);
  await startSession(t, w.users.participant.token, where, REGISTRATION);
  const unknownAu = await as('owner', w.org, { ...body, auId: `${CMI5_AU}-9` });
  expect(unknownAu.status).toBe(400);
  expect(unknownAu.body.message).toMatch(/auId/);
  expect((await as('owner', w.org)).status).toBe(200);
});
