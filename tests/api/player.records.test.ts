import { expect, it } from 'vitest';
import { buildStatement } from '../../src/shared/domain/runtime';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const statement = (flowId: string, n: number, verb: 'answered' | 'passed') =>
  buildStatement(
    {
      actor: { name: 'Anyone', mbox: 'mailto:forged@evil.test' },
      flowActivityId: `http://localhost/viewer/flows/${flowId}`,
    },
    { verb, node: { id: `n${n}`, type: 'inputNode', label: `Step ${n}`, kind: 'interaction' } },
    `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    `2026-11-25T10:00:0${n}.000Z`,
  );

const join = async (token: string, code: string) =>
  expect((await t.call('POST', '/api/assignment/join', { token, body: { code } })).status).toBe(200);

it('[PLAYER] a participant reads only their own statements of the assignment, filtered by verb', async () => {
  const a = await createAssignment(w);
  const { participant, head, outsider } = w.users;
  await join(participant.token, a.code);
  await join(head.token, a.code);
  const flowId = w.orgFlows[0];
  const record = (token: string, n: number, verb: 'answered' | 'passed') =>
    t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/statements`, {
      token,
      body: { statements: [statement(flowId, n, verb)] },
    });
  expect((await record(participant.token, 1, 'answered')).status).toBe(200);
  expect((await record(participant.token, 2, 'passed')).status).toBe(200);
  expect((await record(head.token, 3, 'passed')).status).toBe(200);

  const path = `/api/player/assignment/${a._id}/statements`;
  const mine = await t.call('GET', path, { token: participant.token });
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  expect(mine.body.data.map((s: { object: { id: string } }) => s.object.id.split('/').pop())).toEqual([
    'n2',
    'n1',
  ]);
  const passed = await t.call(
    'GET',
    `${path}?verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/passed')}&limit=5`,
    {
      token: participant.token,
    },
  );
  expect(passed.body.data).toHaveLength(1);
  expect(passed.body.data[0].object.id).toMatch(/\/n2$/);

  expect((await t.call('GET', path, { token: outsider.token })).status).toBe(403);
  expect((await t.call('GET', path)).status).toBe(401);
  for (const bad of ['limit=0', 'limit=101', 'verb=passed', 'since=yesterday']) {
    const res = await t.call('GET', `${path}?${bad}`, { token: participant.token });
    expect(res.status, bad).toBe(400);
    expect(res.body.message, bad).toMatch(new RegExp(bad.split('=')[0]));
  }
});
