import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flows, journals } from '../../src/server/db/schema';
import { newId } from '../../src/shared/domain/ids';
import { edge } from '../fixtures/flows/graph';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask } from './helpers/automation';
import { cr, creditsOf, org } from './helpers/credits';

/** Journals written by headless task runs: stored per run, read back in the run, shown to the task's managers. */
let t: TestApp;
let w: KeyWorld;
let key: { id: string; secret: string };
let taskId: string;

const at = { x: 0, y: 0 };

/** Start → Essay → Read "Diary" (before) → Journal "Diary" (the essay) → Update (append) → Read "Diary" (after). */
async function diaryFlow(): Promise<string> {
  const id = newId();
  const nodes = [
    { id: 's', type: 'beginNode', position: at, data: { label: 'Start' } },
    { id: 'essay', type: 'inputNode', position: at, data: { label: 'Essay' } },
    { id: 'before', type: 'readJournalNode', position: at, data: { label: 'Diary' } },
    { id: 'j', type: 'journalNode', position: at, data: { label: 'Diary' } },
    { id: 'u', type: 'updateJournalNode', position: at, data: { label: 'Diary', content: 'Reviewed.' } },
    { id: 'after', type: 'readJournalNode', position: at, data: { label: 'Diary' } },
  ];
  await t.database.db.insert(flows).values({
    id,
    orgId: w.school,
    ownerId: w.dev.id,
    name: 'Diary',
    projectId: null,
    nodes,
    nodesCount: nodes.length,
    edges: [
      edge('s.out>essay.in'),
      edge('essay.out>before.in'),
      edge('before.out>j.in'),
      edge('essay.text>j.entry'),
      edge('j.out>u.in'),
      edge('u.out>after.in'),
    ],
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  key = await createKey(t, w.dev, 'Integration', w.school);
  taskId = (await createTask(t, w.dev.token, w.school, { flowId: await diaryFlow(), name: 'Diary task' }))
    ._id;
  await creditsOf(t).grant({ to: org(w.school), amount: cr('5'), idempotencyKey: 'g1' });
  const top = await t.call('POST', `/api/api-keys/topup/${key.id}`, {
    token: w.dev.token,
    orgId: w.school,
    body: { amount: '5', deductFrom: 'organization' },
  });
  expect(top.status).toBe(200);
});
afterAll(() => t.close());

const run = async (essay: string) => {
  const res = await t.call('POST', `/api/tasks/${taskId}/run`, {
    body: { Essay: essay },
    headers: { Authorization: `Bearer ${key.secret}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    runId: string;
    outputs: Record<string, { values: { entries?: string } }>;
    journals: { name: string; content: string }[];
  };
};
const listAs = (token: string, orgId: string | undefined, q = '') =>
  t.call('GET', `/api/tasks/${taskId}/journals${q}`, { token, orgId });

describe('[AUTOMATION] journals of task runs', () => {
  it('stores what a run’s journal block writes, and a later block of the same run reads it', async () => {
    const body = await run('Day one.');
    expect(body.outputs.after.values.entries).toBe('Day one.\n\nReviewed.');
    expect(body.journals).toEqual([{ name: 'Diary', content: 'Day one.\n\nReviewed.' }]);
    const rows = await t.database.db.select().from(journals).where(eq(journals.taskId, taskId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      assignmentId: null,
      taskId,
      runId: body.runId,
      name: 'Diary',
      content: 'Day one.\n\nReviewed.',
      paragraph: 'Day one.',
      refId: 'j',
    });
  });

  it('keeps each run’s journals to that run, also when runs overlap', async () => {
    const [a, b] = await Promise.all([run('Run A.'), run('Run B.')]);
    expect(a.outputs.before.values.entries).toBe('');
    expect(b.outputs.before.values.entries).toBe('');
    expect(a.outputs.after.values.entries).toBe('Run A.\n\nReviewed.');
    expect(b.outputs.after.values.entries).toBe('Run B.\n\nReviewed.');
    const third = await run('Run C.');
    expect(third.outputs.before.values.entries).toBe('');
    const rows = await t.database.db.select().from(journals).where(eq(journals.taskId, taskId));
    expect(new Set(rows.map((r) => r.runId))).toEqual(new Set([a.runId, b.runId, third.runId]));
  });

  it('lists the runs’ journals to the task’s owner and the org’s admins, newest run first, per run', async () => {
    const first = await run('First.');
    const second = await run('Second.');
    for (const who of [w.dev, w.head]) {
      const res = await listAs(who.token, w.school);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.journals.map((j: { runId: string }) => j.runId)).toEqual([second.runId, first.runId]);
      expect(res.body.journals[0]).toMatchObject({ name: 'Diary', taskId, assignmentId: null });
    }
    const one = await listAs(w.dev.token, w.school, `?runId=${first.runId}`);
    expect(one.body.journals).toHaveLength(1);
    expect(one.body.journals[0].content).toBe('First.\n\nReviewed.');
    const limited = await listAs(w.dev.token, w.school, '?limit=1');
    expect(limited.body.journals.map((j: { runId: string }) => j.runId)).toEqual([second.runId]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listAs(w.dev.token, w.school, `?from=${today}&to=${today}`)).body.journals).toHaveLength(2);
    expect((await listAs(w.dev.token, w.school, '?to=2020-01-01')).body.journals).toHaveLength(0);
    const journalId = one.body.journals[0]._id as string;
    const single = await t.call('GET', `/api/journal/${journalId}`, { token: w.head.token, orgId: w.school });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({ _id: journalId, runId: first.runId, taskId });
  });

  it('hides them from a member who is not the task’s owner and from another organisation', async () => {
    const body = await run('Secret.');
    const [stored] = await t.database.db.select().from(journals).where(eq(journals.runId, body.runId));
    expect((await listAs(w.other.token, w.school)).status).toBe(404);
    expect((await listAs(w.outsider.token, w.elsewhere)).status).toBe(404);
    // Naming an organisation one is not a member of is refused before anything is looked up.
    expect([403, 404]).toContain((await listAs(w.outsider.token, w.school)).status);
    expect((await listAs(w.outsider.token, undefined)).status).toBe(404);
    for (const [who, orgId] of [
      [w.other, w.school],
      [w.outsider, w.elsewhere],
      [w.outsider, undefined],
      [w.dev, undefined],
    ] as const) {
      const res = await t.call('GET', `/api/journal/${stored.id}`, { token: who.token, orgId });
      expect(res.status, `${who.email} ${orgId}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Secret.');
    }
    expect(
      (await t.call('GET', `/api/journal/${stored.id}`, { token: w.outsider.token, orgId: w.school })).status,
    ).toBeGreaterThanOrEqual(403);
  });

  it('answers 400 naming the field for a bad runId, date or limit', async () => {
    for (const [q, field] of [
      ['?runId=nope', 'runId'],
      ['?from=yesterday', 'from'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
    ]) {
      const res = await listAs(w.dev.token, w.school, q);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it('lets the database hold only journals with exactly one owner, and drops a task’s with the task', async () => {
    const body = await run('Mine.');
    const bad = (values: Partial<typeof journals.$inferInsert>) =>
      t.database.db.insert(journals).values({ id: newId(), name: 'x', type: 'journalNode', ...values });
    await expect(bad({})).rejects.toThrow();
    await expect(bad({ taskId })).rejects.toThrow();
    await expect(bad({ runId: newId() })).rejects.toThrow();
    const del = await t.call('DELETE', `/api/tasks/${taskId}`, { token: w.dev.token, orgId: w.school });
    expect(del.status).toBe(200);
    expect(await t.database.db.select().from(journals).where(eq(journals.runId, body.runId))).toEqual([]);
  });
});
