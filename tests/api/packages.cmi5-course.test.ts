import { expect, it } from 'vitest';
import { CMI5_COURSE_TWO, CMI5_TWO_AUS, CMI5_TWO_BLOCK, cmi5CoursePackage } from '../fixtures/packages';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { completed, launch, launchQuery, packageAssignment, xapi } from './helpers/package-launch';

/**
 * A cmi5 course of several AUs and a block, played as one package: the learner launches its AUs one
 * after another in one registration; the LMS writes "satisfied" for the block and the course only when
 * every AU in them met its moveOn, and "abandoned" for a session that ended without "terminated".
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

const REGISTRATION = '0c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5';
const SATISFIED = 'https://w3id.org/xapi/adl/verbs/satisfied';
const ABANDONED = 'https://w3id.org/xapi/adl/verbs/abandoned';
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';

type Where = Awaited<ReturnType<typeof packageAssignment>>;

/** Launches one AU (or the first) as the participant and fetches its token, as the AU does. */
async function launchAu(where: Where, auId?: string) {
  const body = { packageId: where.packageId, registration: REGISTRATION, ...(auId ? { auId } : {}) };
  const res = await launch(t, w.users.participant.token, where, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  const fetched = await t.app.request(new URL(q.get('fetch') ?? '').pathname, { method: 'POST' });
  const token = ((await fetched.json()) as { 'auth-token': string })['auth-token'];
  const auth = `Basic ${token}`;
  const state = new URLSearchParams({
    activityId: q.get('activityId') ?? '',
    agent: q.get('actor') ?? '',
    registration: REGISTRATION,
    stateId: 'LMS.LaunchData',
  });
  const data = await xapi(t, 'GET', `activities/state?${state}`, auth);
  expect(data.status).toBe(200);
  return { data: res.body.data, q, actor: JSON.parse(q.get('actor') ?? '{}'), auth, launchData: data.body };
}

/** The parts of a statement the assertions read. */
type Seen = {
  object: { id: string; definition: { type: string } };
  context: {
    registration: string;
    contextActivities: { grouping: Array<{ id: string }> };
    extensions: Record<string, unknown>;
  };
  result: { duration: string };
};

const statementsOf = async (auth: string, verb: string, activity?: string): Promise<Seen[]> => {
  const query = new URLSearchParams({ verb, ...(activity ? { activity } : {}) });
  const res = await xapi(t, 'GET', `statements?${query}`, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The body is read as the helper returns it (any): the assertions below say what it must hold.
  return res.body.statements;
};

it('[PLAYER] cmi5 course: its AUs launch one after another; the block and the course are satisfied only when every AU met moveOn', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5CoursePackage('Passed'));
  const one = await launchAu(where);
  expect(one.data.auId).toBe(CMI5_TWO_AUS[0]);
  expect(one.data.units).toEqual([
    { id: CMI5_TWO_AUS[0], title: 'Unit one' },
    { id: CMI5_TWO_AUS[1], title: 'Unit two' },
  ]);
  expect(new URL(one.data.launchUrl, 'http://localhost').pathname).toMatch(/\/one\/index\.html$/);
  expect(one.q.get('activityId')).toBe(CMI5_TWO_AUS[0]);
  expect(one.launchData).toMatchObject({ moveOn: 'Completed' });
  expect(one.launchData.masteryScore).toBeUndefined();

  // The first AU completes: it is satisfied, but the course is not (its second AU is not).
  expect(
    (await xapi(t, 'POST', 'statements', one.auth, completed(one.actor, CMI5_TWO_AUS[0], REGISTRATION)))
      .status,
  ).toBe(200);
  expect(await statementsOf(one.auth, SATISFIED)).toHaveLength(0);

  // An AU's credentials speak for that AU only: the first cannot complete the second.
  const across = await xapi(
    t,
    'POST',
    'statements',
    one.auth,
    completed(one.actor, CMI5_TWO_AUS[1], REGISTRATION),
  );
  expect(across.status).toBe(403);

  const two = await launchAu(where, CMI5_TWO_AUS[1]);
  expect(two.data.auId).toBe(CMI5_TWO_AUS[1]);
  expect(new URL(two.data.launchUrl, 'http://localhost').pathname).toMatch(/\/two\/index\.html$/);
  expect(two.launchData).toMatchObject({ moveOn: 'Passed', masteryScore: 0.5 });
  // Completed does not meet the second AU's moveOn Passed.
  await xapi(t, 'POST', 'statements', two.auth, completed(two.actor, CMI5_TWO_AUS[1], REGISTRATION));
  expect(await statementsOf(two.auth, SATISFIED)).toHaveLength(0);

  const passed = {
    actor: two.actor,
    verb: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
    object: { objectType: 'Activity', id: CMI5_TWO_AUS[1] },
    result: { success: true, score: { scaled: 0.7 } },
    context: { registration: REGISTRATION },
  };
  expect((await xapi(t, 'POST', 'statements', two.auth, passed)).status).toBe(200);
  // A second "passed" in the registration is refused (cmi5 §9.3.4): the rollup below is the first's.
  expect((await xapi(t, 'POST', 'statements', two.auth, passed)).status).toBe(403);

  const satisfied = await statementsOf(two.auth, SATISFIED);
  const types = satisfied
    .map((s: { object: { definition: { type: string } } }) => s.object.definition.type)
    .sort();
  expect(types).toEqual([
    'https://w3id.org/xapi/cmi5/activitytype/block',
    'https://w3id.org/xapi/cmi5/activitytype/course',
  ]);
  const block = satisfied.find((s) => s.object.definition.type.endsWith('/block'));
  const course = satisfied.find((s) => s.object.definition.type.endsWith('/course'));
  expect(block?.object.id).not.toBe(CMI5_TWO_BLOCK);
  expect(block?.context.contextActivities.grouping.map((a) => a.id)).toContain(CMI5_TWO_BLOCK);
  expect(course?.context.contextActivities.grouping.map((a) => a.id)).toContain(CMI5_COURSE_TWO);
  expect(course?.context.registration).toBe(REGISTRATION);
});

it('[PLAYER] cmi5 course: an AU the course does not have is a 400 naming auId; another space cannot launch it', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5CoursePackage());
  const body = { packageId: where.packageId, registration: REGISTRATION };
  const bad = await launch(t, w.users.participant.token, where, { ...body, auId: `${CMI5_COURSE_TWO}/au9` });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/auId/);
  const empty = await launch(t, w.users.participant.token, where, { ...body, auId: '' });
  expect(empty.status).toBe(400);
  expect(empty.body.message).toMatch(/auId/);
  expect((await launch(t, w.users.outsider.token, where, { ...body, auId: CMI5_TWO_AUS[1] })).status).toBe(
    403,
  );
});

it('[PLAYER] cmi5: a new session of an AU abandons the earlier one that never terminated, once; a terminated one is not', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5CoursePackage());
  const first = await launchAu(where);
  const firstSession = first.launchData.contextTemplate.extensions[SESSION];
  expect(await statementsOf(first.auth, ABANDONED)).toHaveLength(0);

  // Relaunch without the first session having said terminated: the LMS abandons it.
  const second = await launchAu(where);
  const secondSession = second.launchData.contextTemplate.extensions[SESSION];
  expect(secondSession).not.toBe(firstSession);
  const [abandoned, ...more] = await statementsOf(second.auth, ABANDONED);
  expect(more).toHaveLength(0);
  expect(abandoned.object.id).toBe(CMI5_TWO_AUS[0]);
  expect(abandoned.context.extensions[SESSION]).toBe(firstSession);
  expect(abandoned.result.duration).toMatch(/^PT\d+S$/);

  // The second session terminates properly: the next launch abandons nothing more.
  const terminated = {
    actor: second.actor,
    verb: { id: 'http://adlnet.gov/expapi/verbs/terminated', display: { 'en-US': 'terminated' } },
    object: { objectType: 'Activity', id: CMI5_TWO_AUS[0] },
    result: { duration: 'PT5S' },
    context: { ...second.launchData.contextTemplate, registration: REGISTRATION },
  };
  expect((await xapi(t, 'POST', 'statements', second.auth, terminated)).status).toBe(200);
  const third = await launchAu(where);
  const all = await statementsOf(third.auth, ABANDONED);
  expect(all.map((s) => s.context.extensions[SESSION])).toEqual([firstSession]);

  // Another AU's session is its own: launching the second AU abandons nothing of the first's.
  const other = await launchAu(where, CMI5_TWO_AUS[1]);
  expect(await statementsOf(other.auth, ABANDONED, CMI5_TWO_AUS[1])).toHaveLength(0);
  expect(await statementsOf(other.auth, ABANDONED, CMI5_TWO_AUS[0])).toHaveLength(1);
});
