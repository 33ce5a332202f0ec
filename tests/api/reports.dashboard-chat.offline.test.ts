import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { cr, creditsOf, org } from './helpers/credits';

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
  it('answers with the labelled offline placeholder that repeats the question, and charges nothing', async () => {
    const a = await createAssignment(w, { name: 'Fractions week' });
    await creditsOf(t).grant({ to: org(w.org), amount: cr('1'), idempotencyKey: 'g-org' });
    const res = await t.call('POST', `/api/assignment/${a._id}/lrs-dashboard/chat`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: { question: 'Who is behind?' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ provider: 'offline', cost: '0', stopped: false });
    expect(res.body.content).toContain('not a real answer');
    expect(res.body.content).toContain('Who is behind?');
    const wallet = await creditsOf(t).balanceOf(org(w.org));
    expect(wallet.balance).toBe(cr('1'));
    expect(wallet.reserved).toBe(0n);
  });
});
