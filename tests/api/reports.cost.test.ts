import { describe, expect, it } from 'vitest';
import type { AiChunk, AiProvider } from '../../src/server/adapters/ai/ai';
import { createCreditsService } from '../../src/server/credits/credits.service';
import { ZLatestActivitiesResponse } from '../../src/shared/contract/reports-routes';
import { formatCredits, parseCredits } from '../../src/shared/domain/decimal';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/** A priced model standing in for a configured one: every answer reports its token usage. */
const provider: AiProvider = {
  id: 'priced',
  label: 'test',
  offline: false,
  async *stream(): AsyncGenerator<AiChunk> {
    yield { type: 'text', text: 'Plants need light.' };
    yield { type: 'usage', inputTokens: 40, outputTokens: 12 };
    yield { type: 'done' };
  },
};

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({}, { ai: provider }),
  (world) => {
    w = world;
    t = world.t;
  },
);

const aiBody = {
  nodeId: 'p1',
  nodeType: 'promptNode',
  purpose: 'prompt',
  messages: [{ role: 'user', content: 'Explain photosynthesis' }],
};

/** One AI call of the learner player; answers the credits it charged. */
async function askAi(assignmentId: string, flowId: string): Promise<bigint> {
  const res = await t.call('POST', `/api/player/assignment/${assignmentId}/flow/${flowId}/ai`, {
    token: w.users.participant.token,
    body: aiBody,
  });
  expect(res.status).toBe(200);
  const usage = String(res.body)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .find((l) => l.type === 'usage');
  return parseCredits(usage.credits);
}

async function join(code: string) {
  const res = await t.call('POST', '/api/assignment/join', {
    token: w.users.participant.token,
    body: { code },
  });
  expect(res.status).toBe(200);
}

describe('[REPORTS] Total Cost in Credits', () => {
  it("sums each flow's AI charges from the credits ledger, per assignment, whoever paid", async () => {
    const credits = createCreditsService(t.deps);
    await credits.grant({
      to: { kind: 'org', orgId: w.org },
      amount: parseCredits('100'),
      idempotencyKey: 'g1',
    });
    await credits.grant({
      to: { kind: 'user', userId: w.users.owner.id },
      amount: parseCredits('100'),
      idempotencyKey: 'g2',
    });
    const a = await createAssignment(w); // PAY_BY_ORG, the two org flows
    const b = await createAssignment(w, { name: 'Plants' }, { org: false }); // PAY_BY_ME
    await join(a.code);
    await join(b.code);

    const first = await askAi(a._id, w.orgFlows[0]);
    const second = await askAi(a._id, w.orgFlows[0]);
    expect(first).toBeGreaterThan(0n);
    await askAi(b._id, w.personalFlows[0]); // another assignment: must not count in A

    const res = await t.call('GET', `/api/assignment/${a._id}/latest-activities`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = ZLatestActivitiesResponse.parse(res.body).latestActivities;
    expect(items.map((i) => [i.flow._id, i.totalCost])).toEqual([
      [w.orgFlows[0], formatCredits(first + second)],
      [w.orgFlows[1], '0'],
    ]);
    // The ledger agrees with the payer's balance: what left the org wallet is what the report shows.
    const org = await credits.balanceOf({ kind: 'org', orgId: w.org });
    expect(parseCredits('100') - org.balance).toBe(first + second);

    const personal = await t.call('GET', `/api/assignment/${b._id}/latest-activities`, {
      token: w.users.owner.token,
    });
    const p = ZLatestActivitiesResponse.parse(personal.body).latestActivities;
    expect(p.find((i) => i.flow._id === w.personalFlows[0])?.totalCost).toBe(formatCredits(first));
  });
});
