import { expect, it } from 'vitest';
import { CMI5_AU, CMI5_COURSE, cmi5Package } from '../fixtures/packages';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { completed, launch, launchQuery, packageAssignment, xapi } from './helpers/package-launch';

/**
 * cmi5 as the LMS side of the spec requires it: the actor is an account, LMS.LaunchData
 * carries the AU's moveOn from cmi5.xml, the LMS writes "launched" at launch and "satisfied" for the
 * course once the AU's statements meet moveOn, each with cmi5's context template.
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

const REGISTRATION = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const SATISFIED = 'https://w3id.org/xapi/adl/verbs/satisfied';
const PASSED = 'http://adlnet.gov/expapi/verbs/passed';

/** Uploads the package into a flow, launches it as the participant and fetches the token, as an AU does. */
async function launched(zip: Uint8Array, registration = REGISTRATION) {
  const where = await packageAssignment(w, 'cmi5', zip);
  const res = await launch(t, w.users.participant.token, where, { packageId: where.packageId, registration });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  const fetched = await t.app.request(new URL(q.get('fetch') ?? '').pathname, { method: 'POST' });
  const token = ((await fetched.json()) as { 'auth-token': string })['auth-token'];
  const actor = JSON.parse(q.get('actor') ?? '{}');
  return { where, actor, auth: `Basic ${token}` };
}

const statementsOf = async (auth: string, verb: string) => {
  const res = await xapi(t, 'GET', `statements?${new URLSearchParams({ verb })}`, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The body is read as the helper returns it (any): the assertions below say what it must hold.
  return res.body.statements;
};

const launchDataOf = async (auth: string, actor: unknown, registration = REGISTRATION) => {
  const q = new URLSearchParams({
    activityId: CMI5_AU,
    agent: JSON.stringify(actor),
    registration,
    stateId: 'LMS.LaunchData',
  });
  const res = await xapi(t, 'GET', `activities/state?${q}`, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const passed = (actor: unknown, score: number, registration = REGISTRATION) => ({
  actor,
  verb: { id: PASSED, display: { 'en-US': 'passed' } },
  object: { objectType: 'Activity', id: CMI5_AU },
  result: { success: true, score: { scaled: score } },
  context: { registration },
});

it('[PLAYER] cmi5: the actor is an account, LaunchData says moveOn, the LMS writes launched and then satisfied once', async () => {
  const { actor, auth } = await launched(cmi5Package({ moveOn: 'Completed', launchMethod: 'OwnWindow' }));
  expect(actor.mbox).toBeUndefined();
  expect(actor.account).toEqual({ homePage: 'http://localhost', name: w.users.participant.id });

  const data = await launchDataOf(auth, actor);
  expect(data).toMatchObject({ moveOn: 'Completed', launchMethod: 'OwnWindow', launchMode: 'Normal' });
  expect(data.masteryScore).toBeUndefined();
  const sessionId = data.contextTemplate.extensions[SESSION];
  expect(sessionId).toEqual(expect.any(String));

  const [start, ...more] = await statementsOf(auth, 'http://adlnet.gov/expapi/verbs/launched');
  expect(more).toHaveLength(0);
  expect(start.actor).toEqual(actor);
  expect(start.object.id).toBe(CMI5_AU);
  expect(start.context.registration).toBe(REGISTRATION);
  expect(start.context.contextActivities.category).toEqual([{ objectType: 'Activity', id: CATEGORY }]);
  expect(start.context.extensions[SESSION]).toBe(sessionId);
  expect(start.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/moveon']).toBe('Completed');
  expect(await statementsOf(auth, SATISFIED)).toHaveLength(0);

  // The AU completes: moveOn Completed is met, the course is satisfied; a second "completed" in the
  // registration is refused (cmi5 §9.3) and adds none.
  const sent = await xapi(t, 'POST', 'statements', auth, completed(actor, CMI5_AU, REGISTRATION));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect((await xapi(t, 'POST', 'statements', auth, completed(actor, CMI5_AU, REGISTRATION))).status).toBe(
    403,
  );
  const [done, ...again] = await statementsOf(auth, SATISFIED);
  expect(again).toHaveLength(0);
  expect(done.actor).toEqual(actor);
  expect(done.object.id).not.toBe(CMI5_COURSE);
  expect(done.object.definition.type).toBe('https://w3id.org/xapi/cmi5/activitytype/course');
  expect(done.context.registration).toBe(REGISTRATION);
  expect(done.context.contextActivities.grouping.map((a: { id: string }) => a.id)).toContain(CMI5_COURSE);
  expect(done.context.contextActivities.category).toEqual([{ objectType: 'Activity', id: CATEGORY }]);
  expect(done.context.extensions[SESSION]).toBe(sessionId);
});

it('[PLAYER] cmi5: moveOn Passed is not met by completed, it is by passed; masteryScore and launchParameters reach LaunchData', async () => {
  const { actor, auth } = await launched(
    cmi5Package({ moveOn: 'Passed', masteryScore: '0.8' }, { launchParameters: 'level=2' }),
  );
  expect(await launchDataOf(auth, actor)).toMatchObject({
    moveOn: 'Passed',
    masteryScore: 0.8,
    launchMethod: 'AnyWindow',
    launchParameters: 'level=2',
  });
  await xapi(t, 'POST', 'statements', auth, completed(actor, CMI5_AU, REGISTRATION));
  expect(await statementsOf(auth, SATISFIED)).toHaveLength(0);
  const sent = await xapi(t, 'POST', 'statements', auth, passed(actor, 0.9));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(await statementsOf(auth, SATISFIED)).toHaveLength(1);
});

it('[PLAYER] cmi5: moveOn CompletedAndPassed needs both, NotApplicable is satisfied at launch, a course of two AUs is not satisfied by the first alone', async () => {
  const both = await launched(cmi5Package({ moveOn: 'CompletedAndPassed' }));
  await xapi(t, 'PUT', `statements?statementId=${crypto.randomUUID()}`, both.auth, passed(both.actor, 1));
  expect(await statementsOf(both.auth, SATISFIED)).toHaveLength(0);
  await xapi(t, 'POST', 'statements', both.auth, completed(both.actor, CMI5_AU, REGISTRATION));
  expect(await statementsOf(both.auth, SATISFIED)).toHaveLength(1);

  // Each launch below in its own registration: launch credentials read their registration only.
  const r2 = crypto.randomUUID();
  const none = await launched(cmi5Package({}), r2);
  expect((await launchDataOf(none.auth, none.actor, r2)).moveOn).toBe('NotApplicable');
  expect(await statementsOf(none.auth, SATISFIED)).toHaveLength(1);

  const r3 = crypto.randomUUID();
  const two = await launched(cmi5Package({ moveOn: 'Completed' }, { secondAu: true }), r3);
  await xapi(t, 'POST', 'statements', two.auth, completed(two.actor, CMI5_AU, r3));
  expect(await statementsOf(two.auth, 'http://adlnet.gov/expapi/verbs/completed')).toHaveLength(1);
  expect(await statementsOf(two.auth, SATISFIED)).toHaveLength(0);
});

it('[PLAYER] cmi5: another space cannot launch it; a cmi5.xml with a moveOn, masteryScore or launchMethod the spec does not define is refused with 400', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5Package());
  const body = { packageId: where.packageId, registration: REGISTRATION };
  expect((await launch(t, w.users.outsider.token, where, body)).status).toBe(403);
  const bad = await launch(t, w.users.participant.token, where, {
    packageId: where.packageId,
    registration: 'x',
  });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/registration/);

  for (const [au, field] of [
    [{ moveOn: 'Whenever' }, 'moveOn'],
    [{ masteryScore: '1.5' }, 'masteryScore'],
    [{ masteryScore: 'high' }, 'masteryScore'],
    [{ launchMethod: 'Popup' }, 'launchMethod'],
  ] as const) {
    const form = new FormData();
    form.set('file', new File([cmi5Package(au) as BlobPart], 'course.zip'));
    const up = await t.call('POST', '/api/xapi/upload', {
      token: w.users.owner.token,
      orgId: w.org,
      raw: form,
    });
    expect(up.status, field).toBe(400);
    expect(up.body.message).toContain(field);
  }
});
