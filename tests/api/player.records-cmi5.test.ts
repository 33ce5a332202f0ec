import { expect, it } from 'vitest';
import { CMI5_AU, cmi5Package } from '../fixtures/packages';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { completed, launch, launchQuery, packageAssignment, xapi } from './helpers/package-launch';

/**
 * The xAPI Report and Retrieve blocks read the learner's own statements (GET …/statements): a cmi5
 * package writes them as the learner's account actor, not their mbox, and they are the learner's too.
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

const REGISTRATION = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';

it("[PLAYER] a learner's own statements include what their cmi5 package said as their account; nobody else reads them", async () => {
  const where = await packageAssignment(w, 'cmi5', cmi5Package({ moveOn: 'Completed' }));
  const res = await launch(t, w.users.participant.token, where, {
    packageId: where.packageId,
    registration: REGISTRATION,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  const fetched = await t.app.request(new URL(q.get('fetch') ?? '').pathname, { method: 'POST' });
  const auth = `Basic ${((await fetched.json()) as { 'auth-token': string })['auth-token']}`;
  const actor = JSON.parse(q.get('actor') ?? '{}');
  expect(actor.account?.name).toBe(w.users.participant.id);
  expect((await xapi(t, 'POST', 'statements', auth, completed(actor, CMI5_AU, REGISTRATION))).status).toBe(
    200,
  );

  const path = `/api/player/assignment/${where.assignmentId}/statements`;
  const mine = await t.call('GET', `${path}?${new URLSearchParams({ verb: COMPLETED, limit: '5' })}`, {
    token: w.users.participant.token,
  });
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  expect(mine.body.data.map((s: { object: { id: string } }) => s.object.id)).toEqual([CMI5_AU]);
  // Newest first across both identifiers: launched (the LMS's, as the account) is among them.
  const all = await t.call('GET', path, { token: w.users.participant.token });
  const verbs = all.body.data.map((s: { verb: { id: string } }) => s.verb.id);
  expect(verbs).toContain('http://adlnet.gov/expapi/verbs/launched');
  expect(verbs.indexOf(COMPLETED)).toBeLessThan(verbs.indexOf('http://adlnet.gov/expapi/verbs/launched'));

  expect((await t.call('GET', path, { token: w.users.outsider.token })).status).toBe(403);
  const bad = await t.call('GET', `${path}?limit=0`, { token: w.users.participant.token });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/limit/);
});
