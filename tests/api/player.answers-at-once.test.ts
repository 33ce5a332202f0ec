import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * A class answering at once (answers of one space are written together, answer-batches.ts): every
 * answer stored exactly once, each request answered with its own ids, and one learner's bad answer
 * failing only their own request.
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

const ORIGIN = 'http://localhost';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const statement = (flowId: string, n: number, verb = 'answered') => ({
  id: idOf(n),
  actor: { name: 'Forged', mbox: 'mailto:forged@evil.test' },
  verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-US': verb } },
  object: { objectType: 'Activity', id: `${ORIGIN}/viewer/flows/${flowId}/nodes/q${n % 7}` },
  result: { response: `answer ${n}` },
  timestamp: '2026-11-28T09:00:00.000Z',
});

async function stored(assignmentId: string) {
  const result = (await t.database.db.execute(
    sql`select statement_id, statement->'actor'->'account'->>'name' as who from lrs_statements
      where assignment_id = ${assignmentId}`,
  )) as unknown as { rows: Array<{ statement_id: string; who: string | null }> };
  return result.rows;
}

async function publicLink(assignmentId: string) {
  const res = await t.call('POST', `/api/assignment/${assignmentId}/access-link`, {
    token: w.users.owner.token,
    orgId: w.org,
    body: {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.code as string;
}

describe('a class answering at once', () => {
  it('stores 200 answers sent at once exactly once, with replays, each request answered with its own ids', async () => {
    const a = await createAssignment(w);
    const code = await publicLink(a._id);
    const flowId = w.orgFlows[0];
    const send = (n: number) =>
      t.call('POST', `/api/player/public/${code}/flow/${flowId}/statements`, {
        body: {
          statements: [statement(flowId, n * 2), statement(flowId, n * 2 + 1, 'completed')],
          learner: { id: `learner-${n}` },
        },
      });
    // 200 learners, and 20 of them sending the same answer again at the same moment (the outbox replaying).
    const learners = Array.from({ length: 200 }, (_, n) => n);
    const replays = learners.slice(0, 20);
    const answers = await Promise.all([...learners, ...replays].map(send));
    for (const [i, res] of answers.entries()) {
      const n = i < 200 ? i : replays[i - 200];
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.ids).toEqual([idOf(n * 2), idOf(n * 2 + 1)]);
    }
    const rows = await stored(a._id);
    expect(rows).toHaveLength(400);
    expect(new Set(rows.map((r) => r.statement_id)).size).toBe(400);
    // Each statement carries its own learner, not a neighbour's from the same batch.
    for (const r of rows) {
      const n = Math.floor(Number.parseInt(r.statement_id.slice(-12), 10) / 2);
      expect(r.who).toBe(`guest-learner-${n}`);
    }
  });

  it('fails only the request at fault: a malformed answer gets 400, a changed one 409, the others are stored', async () => {
    const a = await createAssignment(w);
    const code = await publicLink(a._id);
    const flowId = w.orgFlows[0];
    const url = `/api/player/public/${code}/flow/${flowId}/statements`;
    const first = await t.call('POST', url, {
      body: { statements: [statement(flowId, 1000)], learner: { id: 'early-learner' } },
    });
    expect(first.status).toBe(200);
    const bodies = Array.from({ length: 60 }, (_, n) => ({
      statements: [statement(flowId, n) as Record<string, unknown>],
      learner: { id: `learner-${n}` },
    }));
    bodies[17] = {
      statements: [{ ...statement(flowId, 17), verb: { display: { 'en-US': 'x' } } }],
      learner: { id: 'faulty-learner' },
    };
    // The id stored above, with other content: stored statements never change.
    bodies[41] = {
      statements: [{ ...statement(flowId, 1000), result: { response: 'changed' } }],
      learner: { id: 'early-learner' },
    };
    const answers = await Promise.all(bodies.map((body) => t.call('POST', url, { body })));
    expect(answers[17].status).toBe(400);
    expect(answers[17].body.message).toMatch(/verb/);
    expect(answers[41].status).toBe(409);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(58);
    const ids = new Set((await stored(a._id)).map((r) => r.statement_id));
    expect(ids.size).toBe(59);
    expect(ids.has(idOf(17))).toBe(false);
  });

  it("counts a participant's answers sent at once once each, replays included", async () => {
    const a = await createAssignment(w);
    const joined = await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const flowId = w.orgFlows[0];
    const send = (n: number) =>
      t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/statements`, {
        token: w.users.participant.token,
        body: { statements: [statement(flowId, n)] },
      });
    await send(0);
    const answers = await Promise.all([0, ...Array.from({ length: 30 }, (_, n) => n + 1), 5].map(send));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await stored(a._id)).length).toBe(31);
    const count = (await t.database.db.execute(
      sql`select interactions from assignment_interactions where assignment_id = ${a._id} and flow_id = ${flowId}`,
    )) as unknown as { rows: Array<{ interactions: number }> };
    // 31 distinct answers; the replays (0 again, 5 twice at once) may be counted at most once more each.
    expect(count.rows[0].interactions).toBeGreaterThanOrEqual(31);
    expect(count.rows[0].interactions).toBeLessThanOrEqual(32);
  });
});
