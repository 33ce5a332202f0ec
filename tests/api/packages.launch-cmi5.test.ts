import { expect, it } from 'vitest';
import { CMI5_AU, cmi5Package } from '../fixtures/packages';
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

const REGISTRATION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const fetchToken = (url: string) => t.app.request(new URL(url).pathname, { method: 'POST' });

it('[PLAYER] a cmi5 launch: the fetch URL hands the token out once, LMS.LaunchData is there, the statement lands', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5Package());
  const res = await launch(t, w.users.participant.token, where, {
    packageId: where.packageId,
    registration: REGISTRATION,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  expect([...q.keys()].sort()).toEqual(['activityId', 'actor', 'endpoint', 'fetch', 'registration']);
  expect(q.get('activityId')).toBe(CMI5_AU);
  expect(q.has('auth')).toBe(false);
  const actor = JSON.parse(q.get('actor') ?? '{}');

  const first = await fetchToken(q.get('fetch') ?? '');
  expect(first.status).toBe(200);
  const token = ((await first.json()) as { 'auth-token': string })['auth-token'];
  expect(token).toMatch(/^[A-Za-z0-9+/=]+$/);
  // The same fetch URL a second time: refused, cmi5's error shape, and the token is not handed out again.
  const again = await fetchToken(q.get('fetch') ?? '');
  expect(again.status).toBe(403);
  const refused = (await again.json()) as Record<string, string>;
  expect(refused['error-code']).toBe('1');
  expect(refused['auth-token']).toBeUndefined();

  const auth = `Basic ${token}`;
  const state = new URLSearchParams({
    activityId: CMI5_AU,
    agent: JSON.stringify(actor),
    registration: REGISTRATION,
    stateId: 'LMS.LaunchData',
  });
  const launchData = await xapi(t, 'GET', `activities/state?${state}`, auth);
  expect(launchData.status, JSON.stringify(launchData.body)).toBe(200);
  expect(launchData.body).toMatchObject({ launchMode: 'Normal', contextTemplate: { contextActivities: {} } });

  const sent = await xapi(t, 'POST', 'statements', auth, completed(actor, CMI5_AU, REGISTRATION));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const other = await xapi(
    t,
    'POST',
    'statements',
    auth,
    completed(actor, 'https://packages.flowlearn.test/cmi5/x'),
  );
  expect(other.status).toBe(403);
});

it('[PLAYER] a cmi5 fetch URL with a wrong code or id is refused', async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5Package());
  const res = await launch(t, w.users.participant.token, where, {
    packageId: where.packageId,
    registration: REGISTRATION,
  });
  const url = new URL(launchQuery(res.body.data.launchUrl).get('fetch') ?? '');
  const wrong = url.pathname.replace(/fetch\/[^/]+$/, 'fetch/not-the-code');
  expect((await t.app.request(wrong, { method: 'POST' })).status).toBe(403);
  expect((await t.app.request('/xapi/launch/nope/fetch/x', { method: 'POST' })).status).toBe(400);
  // The right code still works after the wrong ones (a guess does not burn it).
  expect((await fetchToken(url.toString())).status).toBe(200);
});
