import { describe, expect, it } from 'vitest';
import { createJournalsService } from '../../src/server/journals/journals.service';
import { REPORTS_FORBIDDEN } from '../../src/server/reports/reports.service';
import {
  ZCollaborativeJournalResponse,
  ZDashboardResponse,
  ZJournalReportResponse,
  ZLatestActivitiesResponse,
  ZLineChartResponse,
  ZReportV2Response,
  ZTopActivitiesResponse,
} from '../../src/shared/contract/reports-routes';
import { scoreTone } from '../../src/shared/domain/report-rules';
import type { TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { reportStatement as st, VERB } from './helpers/report-statements';
import { createLrsTestApp, xapiClient } from './helpers/xapi';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createLrsTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const ROUTES = [
  'report-v2',
  'journal-report',
  'collaborative-journal-report',
  'latest-activities',
  'line-chart',
  'top-activities',
  'lrs-dashboard',
];

/** Org assignment A (co-owner, participant Pia) and the owner's personal assignment B, with statements. */
async function setup() {
  const a = await createAssignment(w, { name: 'Fractions week' });
  const b = await createAssignment(w, { name: 'Plants' }, { org: false });
  await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
    token: w.users.owner.token,
    orgId: w.org,
    body: { coOwnerEmails: ['co@school.test'] },
  });
  await t.call('POST', '/api/assignment/join', { token: w.users.participant.token, body: { code: a.code } });
  const org = await xapiClient(t, w.users.head, w.org);
  const personal = await xapiClient(t, w.users.owner);
  const [f1, f2] = w.orgFlows;
  const A = { assignmentId: a._id };
  const post = async (client: typeof org, statements: unknown[]) => {
    const res = await client.call('POST', '/xapi/statements', { body: statements });
    expect(res.status, res.text).toBe(200);
  };
  await post(org, [
    st({
      ...A,
      flowId: f1,
      email: 'pupil@school.test',
      name: 'Pia Pupil',
      verb: 'answered',
      object: 'q1',
      objectName: 'Question 1',
      score: { raw: 3, max: 6 },
      evidence: 'first try',
      timestamp: '2026-11-20T10:00:00Z',
    }),
    st({
      ...A,
      flowId: f1,
      email: 'pupil@school.test',
      name: 'Pia Pupil',
      verb: 'answered',
      object: 'q1',
      objectName: 'Question 1',
      score: { raw: 4, max: 6 },
      evidence: { description: 'second try' },
      timestamp: '2026-11-21T10:00:00Z',
    }),
    st({
      ...A,
      flowId: f1,
      email: 'pupil@school.test',
      name: 'Pia Pupil',
      verb: 'launched',
      object: 'q1',
      objectName: 'Question 1',
      timestamp: '2026-11-21T09:00:00Z',
    }),
    st({
      ...A,
      flowId: f2,
      email: 'guest@school.test',
      name: 'Gus Guest',
      verb: 'completed',
      object: 'q10',
      objectName: 'Question 10',
      timestamp: '2026-11-22T10:00:00Z',
    }),
    st({
      ...A,
      flowId: f2,
      email: 'guest@school.test',
      name: 'Gus Guest',
      verb: 'launched',
      object: 'q10',
      objectName: 'Question 10',
      timestamp: '2026-11-22T09:00:00Z',
    }),
  ]);
  // Statements of assignment B in the personal space, and one naming A but in the wrong space.
  await post(personal, [
    st({
      assignmentId: b._id,
      flowId: w.personalFlows[0],
      email: 'zed@x.test',
      name: 'Zed',
      verb: 'answered',
      object: 'p1',
      timestamp: '2026-11-22T10:00:00Z',
    }),
    st({
      ...A,
      flowId: f1,
      email: 'intruder@x.test',
      name: 'Intruder',
      verb: 'answered',
      object: 'q1',
      objectName: 'Question 1',
      timestamp: '2026-11-23T10:00:00Z',
    }),
  ]);
  return { a, b };
}

const get = (id: string, route: string, who: keyof AssignmentWorld['users'] = 'owner', org = true) =>
  t.call('GET', `/api/assignment/${id}/${route}`, {
    token: w.users[who].token,
    orgId: org ? w.org : undefined,
  });

describe('[REPORTS] report routes', () => {
  it('only the owner and co-owners read the reports (org admin and plain member 403); another space 404; signed out "Not authenticated"', async () => {
    const { a } = await setup();
    for (const route of ROUTES) {
      const s = async (who: keyof AssignmentWorld['users'], orgId: string) =>
        (await t.call('GET', `/api/assignment/${a._id}/${route}`, { token: w.users[who].token, orgId }))
          .status;
      expect([await s('owner', w.org), await s('coOwner', w.org)], route).toEqual([200, 200]);
      // Spec 02 §6: only the owner and co-owners see reports — the org admin (head) and a plain member
      // (stranger) are refused like a participant.
      expect(
        [
          await s('head', w.org),
          await s('participant', w.org),
          await s('stranger', w.org),
          await s('outsider', w.otherOrg),
        ],
        route,
      ).toEqual([403, 403, 403, 404]);
      const admin = await t.call('GET', `/api/assignment/${a._id}/${route}`, {
        token: w.users.head.token,
        orgId: w.org,
      });
      expect(admin.body.message).toBe(REPORTS_FORBIDDEN);
      const out = await t.call('GET', `/api/assignment/${a._id}/${route}`, { orgId: w.org });
      expect(out.status).toBe(401);
      expect(out.body.message).toBe('Not authenticated');
    }
    expect((await get('nope', 'report-v2')).status).toBe(400);
    expect((await get(a._id, 'latest-activities?sortBy=sideways')).body.message).toMatch(/^sortBy:/);
    expect((await get(a._id, 'lrs-dashboard?limit=0')).body.message).toMatch(/^limit:/);
  });

  it('report-v2: objects × verbs × people with ticks, latest score, evidence and its history; nothing across spaces', async () => {
    const { a, b } = await setup();
    const res = await get(a._id, 'report-v2');
    const { objects, participantsTotal } = ZReportV2Response.parse(res.body);
    expect(participantsTotal).toBe(1);
    // Natural order: Question 1 before Question 10; the intruder's statement (personal space) is absent.
    expect(objects.map((o) => o.name)).toEqual(['Question 1', 'Question 10']);
    const answered = objects[0].verbs.find((v) => v.id === VERB('answered'));
    expect(answered?.participants).toEqual({ count: 1, total: 2 });
    const pia = answered?.users.find((u) => u.email === 'pupil@school.test');
    expect(pia).toMatchObject({
      name: 'Pia Pupil',
      ticked: true,
      score: { raw: 4, max: 6 },
      evidence: 'second try',
    });
    expect(pia?.evidenceHistories.map((h) => h.evidence)).toEqual(['second try', 'first try']);
    expect(scoreTone(pia?.score?.raw, pia?.score?.max)).toBe('good'); // 4 ≥ 6/2 + 1
    expect(scoreTone(3, 6)).toBe('warning');
    const gus = answered?.users.find((u) => u.email === 'guest@school.test');
    expect(gus).toMatchObject({ ticked: false, score: null, evidence: null, evidenceHistories: [] });
    expect(JSON.stringify(objects)).not.toContain('intruder');

    const personal = ZReportV2Response.parse((await get(b._id, 'report-v2', 'owner', false)).body);
    expect(personal.objects.map((o) => o.name)).toEqual(['p1']);
    expect(JSON.stringify(personal)).not.toContain('Pia');
  });

  it('latest activities per flow with totals and sorting; line chart per day; top activities', async () => {
    const { a } = await setup();
    const latest = ZLatestActivitiesResponse.parse(
      (await get(a._id, 'latest-activities')).body,
    ).latestActivities;
    expect(latest.map((l) => [l.flow.name, l.totalRecords])).toEqual([
      ['Fractions 1', 3],
      ['Fractions 2', 2],
    ]);
    expect(latest[0].records[0]).toEqual({
      actor: 'Pia Pupil',
      verb: 'answered',
      object: 'Question 1',
      timestamp: '2026-11-21T10:00:00.000Z',
    });
    const names = async (sortBy: string) =>
      ZLatestActivitiesResponse.parse(
        (await get(a._id, `latest-activities?sortBy=${sortBy}`)).body,
      ).latestActivities.map((l) => l.flow.name);
    expect(await names('z-a')).toEqual(['Fractions 2', 'Fractions 1']);
    expect(await names('ascending')).toEqual(['Fractions 2', 'Fractions 1']); // latest updated first
    expect(await names('descending')).toEqual(['Fractions 1', 'Fractions 2']);

    const graph = ZLineChartResponse.parse((await get(a._id, 'line-chart')).body).graph;
    expect(graph).toEqual([
      { date: '2026-11-20', interactions: 1 },
      { date: '2026-11-21', interactions: 2 },
      { date: '2026-11-22', interactions: 2 },
    ]);
    const top = ZTopActivitiesResponse.parse((await get(a._id, 'top-activities')).body).topActivities;
    expect(top).toEqual([
      { username: 'Pia Pupil', email: 'pupil@school.test', interactions: 3 },
      { username: 'Gus Guest', email: 'guest@school.test', interactions: 2 },
    ]);
  });

  it('lrs-dashboard: KPIs, verbs by count, statements newest first and per verb', async () => {
    const { a } = await setup();
    const d = ZDashboardResponse.parse((await get(a._id, 'lrs-dashboard')).body).dashboardData;
    expect(d).toMatchObject({ totalStatements: 5, activeParticipants: 2, matching: 5 });
    // completed (1) over launched (2)
    expect(d.sessionCompletion).toBe(50);
    expect(d.verbs.map((v) => [v.name, v.count])).toEqual([
      ['answered', 2],
      ['launched', 2],
      ['completed', 1],
    ]);
    expect(d.statements).toHaveLength(5);
    const one = ZDashboardResponse.parse(
      (await get(a._id, `lrs-dashboard?verb=${encodeURIComponent(VERB('answered'))}&limit=1`)).body,
    ).dashboardData;
    expect(one.statements).toHaveLength(1);
    expect(one.matching).toBe(2);
  });

  it('journal reports: participants × journals in natural order; collaborative journals with their people; empty states', async () => {
    const { a, b } = await setup();
    const empty = await get(b._id, 'journal-report', 'owner', false);
    expect(empty.body).toEqual({ journals: [] });
    expect((await get(b._id, 'collaborative-journal-report', 'owner', false)).body).toEqual({ journals: [] });
    const j = createJournalsService(t.deps);
    const pia = w.users.participant.id;
    await j.save(
      { assignmentId: a._id, userId: pia, name: 'Week 10' },
      { content: 'ten', type: 'journalNode' },
    );
    await j.save(
      { assignmentId: a._id, userId: pia, name: 'Week 2' },
      { content: '![x](https://i.test/x.png)', type: 'knowledgeBotNode' },
    );
    await j.save(
      { assignmentId: b._id, userId: pia, name: 'Other space' },
      { content: 'no', type: 'journalNode' },
    );
    await j.save(
      { assignmentId: a._id, userId: pia, name: 'Group', collaborative: true },
      { content: 'we', type: 'journalNode' },
    );
    await j.update(
      { assignmentId: a._id, userId: w.users.stranger.id, name: 'Group', collaborative: true },
      'too',
      'append',
    );

    const report = ZJournalReportResponse.parse((await get(a._id, 'journal-report')).body).journals;
    expect(report.map((r) => [r.name, r.type, r.participants])).toEqual([
      ['Week 2', 'knowledgeBotNode', { count: 1, total: 1 }],
      ['Week 10', 'journalNode', { count: 1, total: 1 }],
    ]);
    expect(report[0].users[0]).toMatchObject({
      name: 'Pia Pupil',
      hasJournal: true,
      journalData: { thumbnail: 'https://i.test/x.png', createdBy: 'Pia Pupil' },
    });
    const collab = ZCollaborativeJournalResponse.parse(
      (await get(a._id, 'collaborative-journal-report')).body,
    ).journals;
    expect(collab).toHaveLength(1);
    expect(collab[0]).toMatchObject({ name: 'Group', content: 'we\n\ntoo' });
    expect(collab[0].collaborators.map((c) => c.name)).toEqual(['Pia Pupil', 'stranger@school.test']);
  });
});
