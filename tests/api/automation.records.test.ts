import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { createLrsService, lrsSpace } from '../../src/server/lrs';
import { newId } from '../../src/shared/domain/ids';
import { edge } from '../fixtures/flows/graph';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { pricedModel } from './helpers/ai-model';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask, insertRunnableFlow } from './helpers/automation';
import { cr, creditsOf, org } from './helpers/credits';

/** Answers AI General Feedback, priced as the default AI_MODEL. */
const model = pricedModel('{"score": 7, "feedback": "Clear."}', { inputTokens: 800, outputTokens: 100 });

let t: TestApp;
let w: KeyWorld;
let key: { id: string; secret: string };
let taskId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://flowlearn.test' }, { ai: model });
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  key = await createKey(t, w.dev, 'Integration', w.school);
  const flowId = await insertRunnableFlow(t, w.dev.id, w.school);
  taskId = (await createTask(t, w.dev.token, w.school, { flowId, name: 'Essay grader' }))._id;
  await creditsOf(t).grant({ to: org(w.school), amount: cr('5'), idempotencyKey: 'g1' });
  const top = await t.call('POST', `/api/api-keys/topup/${key.id}`, {
    token: w.dev.token,
    orgId: w.school,
    body: { amount: '5', deductFrom: 'organization' },
  });
  expect(top.status).toBe(200);
});
afterAll(() => t.close());

const run = (body: unknown) =>
  t.call('POST', `/api/tasks/${taskId}/run`, { body, headers: { Authorization: `Bearer ${key.secret}` } });

describe('[AUTOMATION] what a headless run records', () => {
  it('writes the run’s xAPI statements to the task space’s LRS, the key as actor, the task as grouping', async () => {
    const res = await run({ Essay: 'Trees are tall.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.registration).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.statements).toBeGreaterThan(0);
    const lrs = createLrsService(t.deps);
    const page = await lrs.queryStatements(
      lrsSpace({ orgId: w.school, userId: w.dev.id }),
      { registration: res.body.registration },
      { limit: 100 },
    );
    expect(page.statements).toHaveLength(res.body.statements);
    for (const s of page.statements) {
      expect(s.actor).toMatchObject({
        account: { homePage: 'https://flowlearn.test', name: `api-key:${key.id}` },
      });
      const grouping = (s.context as { contextActivities: { grouping: { id: string }[] } }).contextActivities
        .grouping;
      expect(grouping.map((g) => g.id)).toContain(`https://flowlearn.test/automation/task/${taskId}`);
    }
    // Nothing in the key owner's personal LRS.
    const personal = await lrs.queryStatements(
      lrsSpace({ orgId: null, userId: w.dev.id }),
      {},
      { limit: 10 },
    );
    expect(personal.statements).toHaveLength(0);
  });

  it('filters the usage rows (and their CSV) by the run’s outcome: all, done, failed; bad values are 400', async () => {
    expect((await run({ Essay: 'Trees are tall.' })).status).toBe(200);
    expect((await run({})).status).toBe(422);
    const usage = (q: string) =>
      t.call('GET', `/api/tasks/${taskId}/usage${q}`, { token: w.dev.token, orgId: w.school });
    const calls = async (q: string) =>
      ((await usage(q)).body.usage as { calls: number }[]).reduce((n, r) => n + r.calls, 0);
    expect(await calls('')).toBe(2);
    expect(await calls('?status=all')).toBe(2);
    expect(await calls('?status=done')).toBe(1);
    expect(await calls('?status=failed')).toBe(1);
    const bad = await usage('?status=live');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('status');
    const csv = await t.app.request(`/api/tasks/${taskId}/usage/export?status=failed`, {
      headers: { Authorization: `Bearer ${w.dev.token}`, orgId: w.school },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1].replace(/"/g, '').split(',').at(-1)).toBe('1');
  });

  it('lets journal blocks of a run write and read their journals, and lists them in the answer', async () => {
    const flowId = newId();
    const at = { x: 0, y: 0 };
    const nodes = [
      { id: 's', type: 'beginNode', position: at, data: { label: 'Start' } },
      { id: 'essay', type: 'inputNode', position: at, data: { label: 'Essay' } },
      { id: 'j', type: 'journalNode', position: at, data: { label: 'Diary' } },
      { id: 'u', type: 'updateJournalNode', position: at, data: { label: 'Diary', content: 'Reviewed.' } },
      { id: 'r', type: 'readJournalNode', position: at, data: { label: 'Diary' } },
    ];
    await t.database.db.insert(flows).values({
      id: flowId,
      orgId: w.school,
      ownerId: w.dev.id,
      name: 'Diary',
      projectId: null,
      nodes,
      nodesCount: nodes.length,
      edges: [
        edge('s.out>essay.in'),
        edge('essay.out>j.in'),
        edge('essay.text>j.entry'),
        edge('j.out>u.in'),
        edge('u.out>r.in'),
      ],
    });
    const diary = (await createTask(t, w.dev.token, w.school, { flowId, name: 'Diary task' }))._id;
    const res = await t.call('POST', `/api/tasks/${diary}/run`, {
      body: { Essay: 'Day one.' },
      headers: { Authorization: `Bearer ${key.secret}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.journals).toEqual([{ name: 'Diary', content: 'Day one.\n\nReviewed.' }]);
    expect(res.body.outputs.r.values.entries).toBe('Day one.\n\nReviewed.');
    expect(res.body.issues.filter((i: { code: string }) => i.code === 'port-missing')).toEqual([]);
  });
});
