import { expect, it } from 'vitest';
import {
  ZDashboardResponse,
  ZReportV2Response,
  ZTopActivitiesResponse,
} from '../../src/shared/contract/reports-routes';
import { FLOWLEARN_EXTENSIONS } from '../../src/shared/domain/xapi';
import { CMI5_AU, cmi5Package } from '../fixtures/packages';
import type { TestApp } from './harness';
import { type AssignmentWorld, worldPerTest } from './helpers/assignment-world';
import { completed, launch, launchQuery, packageAssignment, xapi } from './helpers/package-launch';
import { reportStatement } from './helpers/report-statements';
import { createLrsTestApp, xapiClient } from './helpers/xapi';

/**
 * A cmi5 package names the signed-in learner by an account (our origin + user id), the player by their
 * mbox: the teacher's reports count both as the one participant, by name, with the package's results.
 * An account of another site with the same name is somebody else's learner and stays apart.
 */

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createLrsTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const REGISTRATION = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
const PASSED = 'http://adlnet.gov/expapi/verbs/passed';
const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';

/** The course launched by Pia, completed and passed by the AU, plus one answer from the player. */
async function coursePlayed() {
  const where = await packageAssignment(w, 'cmi5', cmi5Package({ moveOn: 'Passed', masteryScore: '0.8' }));
  const res = await launch(t, w.users.participant.token, where, {
    packageId: where.packageId,
    registration: REGISTRATION,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  const fetched = await t.app.request(new URL(q.get('fetch') ?? '').pathname, { method: 'POST' });
  const auth = `Basic ${((await fetched.json()) as { 'auth-token': string })['auth-token']}`;
  const actor = JSON.parse(q.get('actor') ?? '{}');
  expect(actor.account).toEqual({ homePage: 'http://localhost', name: w.users.participant.id });

  const sent = [
    completed(actor, CMI5_AU, REGISTRATION),
    {
      actor,
      verb: { id: PASSED, display: { 'en-US': 'passed' } },
      object: { objectType: 'Activity', id: CMI5_AU },
      result: { success: true, score: { scaled: 0.9, raw: 9, min: 0, max: 10 } },
      context: { registration: REGISTRATION },
    },
  ];
  for (const s of sent) {
    const r = await xapi(t, 'POST', 'statements', auth, s);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }

  // The player's own record of Pia (mbox), and another LMS's learner whose account name is Pia's id.
  const org = await xapiClient(t, w.users.head, w.org);
  const foreign = {
    actor: {
      objectType: 'Agent',
      name: 'Sam Elsewhere',
      account: { homePage: 'https://other-lms.example', name: w.users.participant.id },
    },
    verb: { id: PASSED, display: { 'en-US': 'passed' } },
    object: { objectType: 'Activity', id: CMI5_AU },
    result: { success: true, score: { raw: 3, min: 0, max: 10 } },
    context: { extensions: { [FLOWLEARN_EXTENSIONS.assignment]: where.assignmentId } },
  };
  const posted = await org.call('POST', '/xapi/statements', {
    body: [
      reportStatement({
        email: 'pupil@school.test',
        name: 'Pia Pupil',
        verb: 'answered',
        object: 'q1',
        assignmentId: where.assignmentId,
        flowId: where.flowId,
      }),
      foreign,
    ],
  });
  expect(posted.status, posted.text).toBe(200);
  return where;
}

const asOwner = (path: string) => t.call('GET', path, { token: w.users.owner.token, orgId: w.org });

it('[REPORTS] cmi5: the learner of a launch appears once, by name, with the package results; a foreign account stays apart', async () => {
  const { assignmentId } = await coursePlayed();

  const v2 = await asOwner(`/api/assignment/${assignmentId}/report-v2`);
  expect(v2.status, JSON.stringify(v2.body)).toBe(200);
  const report = ZReportV2Response.parse(v2.body);
  const course = report.objects.find((o) => o.id === CMI5_AU);
  expect(course).toBeDefined();
  const verb = (id: string) => course?.verbs.find((v) => v.id === id);
  const passedPia = verb(PASSED)?.users.filter((u) => u.email === 'pupil@school.test') ?? [];
  expect(passedPia).toHaveLength(1);
  expect(passedPia[0]).toMatchObject({ name: 'Pia Pupil', ticked: true, score: { raw: 9, max: 10 } });
  const completedPia = verb(COMPLETED)?.users.filter((u) => u.name === 'Pia Pupil') ?? [];
  expect(completedPia.map((u) => u.ticked)).toEqual([true]);
  // Pia's player answer is in the same row of people: one Pia in every verb's list.
  for (const o of report.objects)
    for (const v of o.verbs) expect(v.users.filter((u) => u.name === 'Pia Pupil')).toHaveLength(1);
  const sam = verb(PASSED)?.users.filter((u) => u.name === 'Sam Elsewhere') ?? [];
  expect(sam).toHaveLength(1);
  expect(sam[0]).toMatchObject({ email: '', ticked: true, score: { raw: 3 } });

  const top = await asOwner(`/api/assignment/${assignmentId}/top-activities`);
  expect(top.status, JSON.stringify(top.body)).toBe(200);
  const people = ZTopActivitiesResponse.parse(top.body).topActivities;
  const pia = people.filter((p) => p.username === 'Pia Pupil');
  expect(pia).toHaveLength(1);
  // launched + completed + passed + satisfied from the package, one answer from the player.
  expect(pia[0]).toEqual({ username: 'Pia Pupil', email: 'pupil@school.test', interactions: 5 });
  expect(people.filter((p) => p.username === 'Sam Elsewhere')).toEqual([
    { username: 'Sam Elsewhere', email: '', interactions: 1 },
  ]);

  const dash = await asOwner(`/api/assignment/${assignmentId}/lrs-dashboard`);
  expect(dash.status, JSON.stringify(dash.body)).toBe(200);
  const data = ZDashboardResponse.parse(dash.body).dashboardData;
  expect(data.activeParticipants).toBe(2);
  expect(data.totalStatements).toBe(6);
  expect(data.verbs.find((v) => v.id === PASSED)?.count).toBe(2);
  // The dashboard's cmi5 rows name Pia: her account (our origin) is her; the foreign one is nobody's.
  expect(data.people).toEqual([
    { account: w.users.participant.id, name: 'Pia Pupil', email: 'pupil@school.test' },
  ]);
});

it('[REPORTS] cmi5: another space’s teacher cannot read the learner’s results; a bad id is a 400', async () => {
  const { assignmentId } = await coursePlayed();
  for (const route of ['report-v2', 'top-activities', 'lrs-dashboard']) {
    const res = await t.call('GET', `/api/assignment/${assignmentId}/${route}`, {
      token: w.users.outsider.token,
      orgId: w.otherOrg,
    });
    expect(res.status, route).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Pia');
  }
  const bad = await asOwner('/api/assignment/%20/report-v2');
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/id/);
});
