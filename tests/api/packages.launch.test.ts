import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lrsLaunches } from '../../src/server/db/schema';
import { ZReportV2Response } from '../../src/shared/contract/reports-routes';
import { h5pPackage, TINCAN_ACTIVITY, tincanPackage } from '../fixtures/packages';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { completed, launch, launchQuery, packageAssignment, xapi } from './helpers/package-launch';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const REGISTRATION = '5b0c6a52-4a86-4a41-9d2b-7c1e2f3a4b5c';
const OTHER_REGISTRATION = '0f0e0d0c-0b0a-4909-8807-060504030201';

async function tincanLaunch() {
  const where = await packageAssignment(w, 'tincan', tincanPackage());
  const res = await launch(t, w.users.participant.token, where, {
    packageId: where.packageId,
    registration: REGISTRATION,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { where, q: launchQuery(res.body.data.launchUrl), launchUrl: res.body.data.launchUrl as string };
}

it('[PLAYER] a TinCan launch carries the convention’s query, and the statement lands with the learner and the assignment', async () => {
  const { where, q, launchUrl } = await tincanLaunch();
  expect([...q.keys()].sort()).toEqual(['activity_id', 'actor', 'auth', 'endpoint', 'registration']);
  expect(q.get('endpoint')).toBe('http://localhost/xapi/');
  expect(q.get('activity_id')).toBe(TINCAN_ACTIVITY);
  expect(q.get('registration')).toBe(REGISTRATION);
  const actor = JSON.parse(q.get('actor') ?? '{}');
  expect(actor).toMatchObject({ name: 'Pia Pupil', mbox: 'mailto:pupil@school.test' });
  // The launch file itself is served under the signed path.
  expect((await t.app.request(launchUrl)).status).toBe(200);

  const auth = q.get('auth') ?? '';
  const sent = await xapi(t, 'POST', 'statements', auth, completed(actor, TINCAN_ACTIVITY));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const sub = await xapi(
    t,
    'POST',
    'statements',
    auth,
    completed(actor, `${TINCAN_ACTIVITY}/page-2`, REGISTRATION),
  );
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);

  // Read back with the package's own credentials: the assignment and flow were stamped as context.
  const got = await xapi(t, 'GET', `statements?statementId=${sent.body[0]}`, auth);
  expect(got.status).toBe(200);
  expect(got.body.context.registration).toBe(REGISTRATION);
  expect(got.body.context.contextActivities.grouping[0].id).toBe(
    `http://localhost/viewer/assignment/${where.assignmentId}`,
  );
  expect(got.body.context.contextActivities.parent[0].id).toBe(
    `http://localhost/viewer/flows/${where.flowId}`,
  );

  // …and the teacher's report of the assignment shows it, by the learner.
  const report = await t.call('GET', `/api/assignment/${where.assignmentId}/report-v2`, {
    token: w.users.owner.token,
    orgId: w.org,
  });
  expect(report.status, JSON.stringify(report.body)).toBe(200);
  const objects = ZReportV2Response.parse(report.body).objects;
  const course = objects.find((o) => o.name === 'Hello course');
  const done = course?.verbs.find((v) => v.id === 'http://adlnet.gov/expapi/verbs/completed');
  expect(done?.users.map((u) => u.email)).toEqual(['pupil@school.test']);
});

it('[PLAYER] launch credentials refuse another actor, another activity, another registration and reads beyond their scope', async () => {
  const { q } = await tincanLaunch();
  const auth = q.get('auth') ?? '';
  const actor = JSON.parse(q.get('actor') ?? '{}');
  const refused: Array<[string, unknown]> = [
    ['other actor', completed({ mbox: 'mailto:owner@school.test', name: 'Olive' }, TINCAN_ACTIVITY)],
    ['other activity', completed(actor, 'https://packages.flowlearn.test/other')],
    ['activity sharing a prefix', completed(actor, `${TINCAN_ACTIVITY}-evil`)],
    ['other registration', completed(actor, TINCAN_ACTIVITY, OTHER_REGISTRATION)],
    ['batch with one bad', [completed(actor, TINCAN_ACTIVITY), completed(actor, 'https://x.test/y')]],
  ];
  for (const [what, body] of refused) {
    const res = await xapi(t, 'POST', 'statements', auth, body);
    expect(res.status, what).toBe(403);
    expect(res.body.message, what).toMatch(/outside what these launch credentials allow/);
  }
  const other = encodeURIComponent(JSON.stringify({ mbox: 'mailto:owner@school.test' }));
  expect((await xapi(t, 'GET', `statements?agent=${other}`, auth)).status).toBe(403);
  expect((await xapi(t, 'GET', 'activities?activityId=https%3A%2F%2Fx.test', auth)).status).toBe(403);
  const state = `activities/state?activityId=${encodeURIComponent('https://x.test/a')}&agent=${encodeURIComponent(JSON.stringify(actor))}&stateId=s`;
  expect((await xapi(t, 'GET', state, auth)).status).toBe(403);
  // Nothing refused was stored: the learner's statements are none.
  const mine = await xapi(t, 'GET', 'statements', auth);
  expect(mine.body.statements).toEqual([]);
  // A wrong secret is no credential at all.
  const wrong = `Basic ${Buffer.from(`launch-${'0'.repeat(24)}:nope`).toString('base64')}`;
  expect((await xapi(t, 'POST', 'statements', wrong, completed(actor, TINCAN_ACTIVITY))).status).toBe(401);
});

it('[PLAYER] expired launch credentials are refused with 403', async () => {
  const { q } = await tincanLaunch();
  const actor = JSON.parse(q.get('actor') ?? '{}');
  const id = /launch-([0-9a-f]{24}):/.exec(
    Buffer.from((q.get('auth') ?? '').slice('Basic '.length), 'base64').toString(),
  )?.[1];
  expect(id).toBeTruthy();
  await t.database.db
    .update(lrsLaunches)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(lrsLaunches.id, id ?? ''));
  const res = await xapi(t, 'POST', 'statements', q.get('auth') ?? '', completed(actor, TINCAN_ACTIVITY));
  expect(res.status).toBe(403);
  expect(res.body.message).toMatch(/expired/);
});

it('[PLAYER] package-launch: only participants, only packages the flow plays, bad input named', async () => {
  const where = await packageAssignment(w, 'tincan', tincanPackage());
  const body = { packageId: where.packageId, registration: REGISTRATION };
  // Another space's user, and a member of the space who has not joined the assignment.
  expect((await launch(t, w.users.outsider.token, where, body)).status).toBe(403);
  expect((await launch(t, w.users.stranger.token, where, body)).status).toBe(403);
  // A package of the space that this flow does not play: 404, as if it did not exist.
  const form = new FormData();
  form.set('file', new File([tincanPackage() as BlobPart], 'other.zip'));
  const other = await t.call('POST', '/api/xapi/upload', {
    token: w.users.owner.token,
    orgId: w.org,
    raw: form,
  });
  const unplaced = await launch(t, w.users.participant.token, where, {
    ...body,
    packageId: other.body.data.id,
  });
  expect(unplaced.status).toBe(404);
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ ...body, packageId: 'nope' }, /^packageId: /],
    [{ ...body, registration: 'not-a-uuid' }, /^registration: /],
    [{ packageId: where.packageId }, /^registration: /],
  ];
  for (const [b, message] of bad) {
    const res = await launch(t, w.users.participant.token, where, b);
    expect(res.status, JSON.stringify(b)).toBe(400);
    expect(res.body.message).toMatch(message);
  }
});

it('[PLAYER] package-launch plays an H5P block for a learner who is not a member of its space', async () => {
  const form = new FormData();
  form.set('file', new File([h5pPackage() as BlobPart], 'hello.h5p'));
  const up = await t.call('POST', '/api/h5p', { token: w.users.owner.token, raw: form });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const where = await packageAssignment(w, 'tincan', tincanPackage(), {
    personal: true,
    h5pId: up.body.data.id,
  });
  const body = { packageId: up.body.data.id, registration: REGISTRATION };
  // The learner is no member of the owner's personal space: the package's own route hides it…
  expect(
    (await t.call('GET', `/api/h5p/${body.packageId}`, { token: w.users.participant.token })).status,
  ).toBe(404);
  // …but the flow they run plays it.
  const res = await launch(t, w.users.participant.token, where, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const page = await t.app.request(res.body.data.launchUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('H5PStandalone');
  expect((await launch(t, w.users.outsider.token, where, body)).status).toBe(403);
});

it('[PLAYER] package-launch through a public link: the visitor is the actor, others are refused, bad input named', async () => {
  const where = await packageAssignment(w, 'tincan', tincanPackage());
  const link = await t.call('POST', `/api/assignment/${where.assignmentId}/access-link`, {
    token: w.users.owner.token,
    orgId: w.org,
    body: {},
  });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const code = link.body.code as string;
  const publicLaunch = (body: Record<string, unknown>, linkCode = code) =>
    t.call('POST', `/api/player/public/${linkCode}/flow/${where.flowId}/package-launch`, { body });

  const learner = { id: 'visitor-5678', name: 'Guest Gita' };
  const res = await publicLaunch({ packageId: where.packageId, registration: REGISTRATION, learner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  const actor = JSON.parse(q.get('actor') ?? '{}');
  expect(actor.account?.name).toBe('guest-visitor-5678');
  const auth = q.get('auth') ?? '';
  expect((await xapi(t, 'POST', 'statements', auth, completed(actor, TINCAN_ACTIVITY))).status).toBe(200);
  const someoneElse = { ...actor, account: { ...actor.account, name: 'guest-someone-else' } };
  expect((await xapi(t, 'POST', 'statements', auth, completed(someoneElse, TINCAN_ACTIVITY))).status).toBe(
    403,
  );

  // An unknown link is 404; a missing visitor, a bad package id or registration is a 400 naming it.
  const unknown = await publicLaunch(
    { packageId: where.packageId, registration: REGISTRATION, learner },
    'nosuchlink1',
  );
  expect(unknown.status).toBe(404);
  const noVisitor = await publicLaunch({ packageId: where.packageId, registration: REGISTRATION });
  expect(noVisitor.status).toBe(400);
  expect(noVisitor.body.message).toMatch(/learner/);
  const badPackage = await publicLaunch({ packageId: 'nope', registration: REGISTRATION, learner });
  expect(badPackage.status).toBe(400);
  expect(badPackage.body.message).toMatch(/packageId/);
  const badRegistration = await publicLaunch({ packageId: where.packageId, registration: 'x', learner });
  expect(badRegistration.status).toBe(400);
  expect(badRegistration.body.message).toMatch(/registration/);
});
