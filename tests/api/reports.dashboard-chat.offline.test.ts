import { describe, expect, it } from 'vitest';
import { OFFLINE_LABEL } from '../../src/server/adapters/ai/offline-label';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { cr, creditsOf, org } from './helpers/credits';
import { reportStatement as st } from './helpers/report-statements';
import { xapiClient } from './helpers/xapi';

let t: TestApp;
let w: AssignmentWorld;
// No AI_BASE_URL: the server's embedded offline provider answers, as on a fresh `npm start`.
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

describe('[REPORTS] the dashboard chat with no AI model set up', () => {
  it('answers with a short labelled placeholder that repeats the question, never the statements, and charges nothing', async () => {
    const a = await createAssignment(w, { name: 'Fractions week' });
    const client = await xapiClient(t, w.users.head, w.org);
    const A = { assignmentId: a._id, flowId: w.orgFlows[0] };
    const posted = await client.call('POST', '/xapi/statements', {
      body: [
        st({ ...A, email: 'pupil@school.test', name: 'Pia Pupil', verb: 'answered', object: 'q1' }),
        st({
          ...A,
          email: 'gus@school.test',
          name: 'Gus Guest',
          verb: 'completed',
          object: 'q2',
          evidence: 'all done',
        }),
      ],
    });
    expect(posted.status, posted.text).toBe(200);
    await creditsOf(t).grant({ to: org(w.org), amount: cr('1'), idempotencyKey: 'g-org' });
    const res = await t.call('POST', `/api/assignment/${a._id}/lrs-dashboard/chat`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: { question: 'Who is behind?' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ provider: 'offline', cost: '0', stopped: false });
    const content: string = res.body.content;
    expect(content).toContain(OFFLINE_LABEL);
    expect(content).toContain('not a real answer');
    // The placeholder repeats the user message: the question alone, not the question plus the data.
    expect(content).toContain('You asked (3 words): “Who is behind?”');
    // The statements went to the (absent) model as background; the teacher never sees them echoed.
    for (const leaked of ['Pia Pupil', 'Gus Guest', 'all done', 'Total statements', 'You help a teacher'])
      expect(content).not.toContain(leaked);
    expect(content.length).toBeLessThan(400);
    const wallet = await creditsOf(t).balanceOf(org(w.org));
    expect(wallet.balance).toBe(cr('1'));
    expect(wallet.reserved).toBe(0n);
  });
});
