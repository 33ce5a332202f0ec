import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZDashboardResponse,
  ZLatestActivitiesResponse,
  ZLineChartResponse,
  ZReportV2Response,
  ZTopActivitiesResponse,
} from '../../src/shared/contract/reports-routes';
import { FLOWLEARN_EXTENSIONS } from '../../src/shared/domain/xapi';
import { APP_START_MS, type TestApp } from './harness';
import { buildAssignmentWorld, createAssignment } from './helpers/assignment-world';
import { reportStatement as st, VERB } from './helpers/report-statements';
import { createLrsTestApp, xapiClient } from './helpers/xapi';

let t: TestApp;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());

/**
 * The reports read through partial indexes that leave voided statements out (migration
 * 0018_reports_speed): a voided statement and the statement voiding it count nowhere.
 */
describe('[REPORTS] voided statements', () => {
  it('a voided statement and its voiding statement are in no report; a verb is named by its newest statement', async () => {
    const w = await buildAssignmentWorld(t);
    const a = await createAssignment(w, { name: 'Voids' });
    const org = await xapiClient(t, w.users.head, w.org);
    const A = { assignmentId: a._id, flowId: w.orgFlows[0], email: 'pupil@school.test', name: 'Pia' };
    const voidedId = randomUUID();
    const post = async (statements: unknown[]) => {
      const res = await org.call('POST', '/xapi/statements', { body: statements });
      expect(res.status, res.text).toBe(200);
    };
    const older = st({
      ...A,
      verb: 'answered',
      object: 'q1',
      evidence: 'kept',
      timestamp: '2026-11-20T10:00:00Z',
    });
    (older.verb as { display: Record<string, string> }).display = { 'en-US': 'Answered' };
    await post([
      older,
      st({
        ...A,
        verb: 'answered',
        object: 'q1',
        evidence: 'newest kept',
        timestamp: '2026-11-21T10:00:00Z',
      }),
    ]);
    const voided = st({
      ...A,
      verb: 'answered',
      object: 'q1',
      evidence: 'voided',
      timestamp: '2026-11-23T10:00:00Z',
    });
    await post([{ ...voided, id: voidedId }]);
    await post([
      {
        actor: { mbox: 'mailto:pupil@school.test' },
        verb: { id: VERB('voided'), display: { 'en-US': 'voided' } },
        object: { objectType: 'StatementRef', id: voidedId },
        // Named for the assignment, so that only the verb keeps it out of the reports.
        context: {
          extensions: { [FLOWLEARN_EXTENSIONS.assignment]: a._id, [FLOWLEARN_EXTENSIONS.flow]: A.flowId },
        },
      },
    ]);
    const get = async (route: string) => {
      const res = await t.call('GET', `/api/assignment/${a._id}/${route}`, {
        token: w.users.owner.token,
        orgId: w.org,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    const { objects } = ZReportV2Response.parse(await get('report-v2'));
    expect(objects.map((o) => o.verbs.map((v) => v.id))).toEqual([[VERB('answered')]]);
    const pia = objects[0].verbs[0].users.find((u) => u.email === 'pupil@school.test');
    expect(pia?.evidence).toBe('newest kept');
    expect(pia?.evidenceHistories.map((h) => h.evidence)).toEqual(['newest kept', 'kept']);

    const d = ZDashboardResponse.parse(await get('lrs-dashboard')).dashboardData;
    expect(d).toMatchObject({ totalStatements: 2, activeParticipants: 1, matching: 2 });
    // The display of the newest 'answered' statement names the verb, not the older 'Answered'.
    expect(d.verbs).toEqual([{ id: VERB('answered'), name: 'answered', count: 2 }]);
    expect(d.statements.map((s) => s.id)).not.toContain(voidedId);

    const graph = ZLineChartResponse.parse(await get('line-chart')).graph;
    expect(graph).toEqual([
      { date: '2026-11-20', interactions: 1 },
      { date: '2026-11-21', interactions: 1 },
    ]);
    const top = ZTopActivitiesResponse.parse(await get('top-activities')).topActivities;
    expect(top).toEqual([{ username: 'Pia', email: 'pupil@school.test', interactions: 2 }]);
    const latest = ZLatestActivitiesResponse.parse(await get('latest-activities')).latestActivities;
    expect(latest.find((l) => l.totalRecords > 0)?.totalRecords).toBe(2);
  });
});
