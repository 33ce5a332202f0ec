import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZTaskDetailResponse, ZTaskListResponse } from '../../src/shared/contract/automation';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask, insertRunnableFlow } from './helpers/automation';
import { cr, creditsOf, org } from './helpers/credits';

let t: TestApp;
let w: KeyWorld;
let flowId: string;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  flowId = await insertRunnableFlow(t, w.dev.id, w.school, { ai: false });
});
afterAll(() => t.close());

const as = (who: 'dev' | 'head' | 'other') => ({ token: w[who].token, orgId: w.school });

describe('[AUTOMATION] tasks', () => {
  it('creates a task from exactly one usable flow; refuses other spaces’ flows and bad input, naming the field', async () => {
    const res = await t.call('POST', '/api/tasks', {
      ...as('dev'),
      body: { flowId, name: ' Essay grader ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Task created successfully');
    expect(res.body.data).toMatchObject({
      name: 'Essay grader',
      status: 'live',
      flowId,
      flowName: 'Essay feedback',
    });
    const foreign = await insertRunnableFlow(t, w.outsider.id, w.elsewhere, { ai: false });
    for (const [body, field] of [
      [{ flowId: foreign, name: 'x' }, 'flowIds'],
      [{ flowId, name: '' }, 'name'],
      [{ name: 'x' }, 'flowId'],
      [{ flowId: 'nope', name: 'x' }, 'flowId'],
      [{ flowId, name: 'x', description: 5 }, 'description'],
    ] as const) {
      const bad = await t.call('POST', '/api/tasks', { ...as('dev'), body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toContain(field);
    }
  });

  it('lists with keyword, status filter, skip, limit (20) and total; others in the space see nothing', async () => {
    for (let i = 1; i <= 22; i++) await createTask(t, w.dev.token, w.school, { flowId, name: `Task ${i}` });
    const all = ZTaskListResponse.parse((await t.call('GET', '/api/tasks', as('dev'))).body);
    expect(all.total).toBe(22);
    expect(all.tasks).toHaveLength(20);
    expect(all.tasks[0].name).toBe('Task 22');
    const more = await t.call('GET', '/api/tasks?skip=20', as('dev'));
    expect(more.body.tasks.map((x: { name: string }) => x.name)).toEqual(['Task 2', 'Task 1']);
    const id = all.tasks[0]._id;
    await t.call('PUT', `/api/tasks/${id}/status`, { ...as('dev'), body: { status: 'paused' } });
    const paused = await t.call('GET', '/api/tasks?status=paused', as('dev'));
    expect(paused.body.tasks.map((x: { _id: string }) => x._id)).toEqual([id]);
    expect((await t.call('GET', '/api/tasks?status=live', as('dev'))).body.total).toBe(21);
    expect((await t.call('GET', '/api/tasks?status=all', as('dev'))).body.total).toBe(22);
    expect((await t.call('GET', '/api/tasks?keyword=task 1', as('dev'))).body.total).toBe(11);
    expect((await t.call('GET', '/api/tasks?status=done', as('dev'))).status).toBe(400);
    expect((await t.call('GET', '/api/tasks', as('other'))).body.total).toBe(0);
    expect((await t.call('GET', '/api/tasks', as('head'))).body.total).toBe(22);
    expect((await t.call('GET', '/api/tasks', { token: w.dev.token })).body.total).toBe(0);
  });

  it('detail (with input slots), edit, status and delete: owner and org admin only', async () => {
    const task = await createTask(t, w.dev.token, w.school, {
      flowId,
      name: 'Grader',
      description: 'Grades essays',
    });
    const detail = await t.call('GET', `/api/tasks/${task._id}/detail`, as('dev'));
    const d = ZTaskDetailResponse.parse(detail.body).data;
    expect(d).toMatchObject({ name: 'Grader', description: 'Grades essays', runs: 0, creditsUsed: 0 });
    expect(d.slots).toEqual([
      { key: 'Essay', nodeId: 'essay', nodeType: 'inputNode', label: 'Essay', kind: 'text' },
    ]);
    expect((await t.call('GET', `/api/tasks/${task._id}/slots`, as('dev'))).body.slots).toEqual(d.slots);

    const statuses = async (
      run: (who: { token: string; orgId?: string }) => Promise<{ status: number }>,
    ) => ({
      dev: (await run(as('dev'))).status,
      head: (await run(as('head'))).status,
      other: (await run(as('other'))).status,
      outsider: (await run({ token: w.outsider.token, orgId: w.elsewhere })).status,
      personal: (await run({ token: w.dev.token })).status,
    });
    expect(await statuses((who) => t.call('GET', `/api/tasks/${task._id}/detail`, who))).toEqual({
      dev: 200,
      head: 200,
      other: 404,
      outsider: 404,
      personal: 404,
    });
    // The slots route (the task page's "Sample from the flow") answers to the same people as the detail.
    expect(await statuses((who) => t.call('GET', `/api/tasks/${task._id}/slots`, who))).toEqual({
      dev: 200,
      head: 200,
      other: 404,
      outsider: 404,
      personal: 404,
    });
    const badId = await t.call('GET', '/api/tasks/not-an-id/slots', as('dev'));
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('id');
    const edit = await t.call('PUT', `/api/tasks/${task._id}`, {
      ...as('head'),
      body: { name: 'Essay grader' },
    });
    expect(edit.body).toMatchObject({
      message: 'Task updated.',
      data: { name: 'Essay grader', description: 'Grades essays' },
    });
    expect((await t.call('PUT', `/api/tasks/${task._id}`, { ...as('dev'), body: {} })).status).toBe(400);
    expect((await t.call('PUT', `/api/tasks/${task._id}`, { ...as('dev'), body: { flowId } })).status).toBe(
      400,
    );
    const resume = await t.call('PUT', `/api/tasks/${task._id}/status`, {
      ...as('dev'),
      body: { status: 'live' },
    });
    expect(resume.body.message).toBe('Task resumed.');
    expect(
      (await t.call('PUT', `/api/tasks/${task._id}/status`, { ...as('dev'), body: { status: 'completed' } }))
        .status,
    ).toBe(400);
    expect((await t.call('DELETE', `/api/tasks/${task._id}`, as('other'))).status).toBe(404);
    expect((await t.call('DELETE', `/api/tasks/${task._id}`, as('dev'))).status).toBe(200);
    expect((await t.call('GET', `/api/tasks/${task._id}/detail`, as('dev'))).status).toBe(404);
  });

  it('usage rows per key and day, with a date range, and their CSV (formula cells neutralised)', async () => {
    const task = await createTask(t, w.dev.token, w.school, { flowId, name: 'Grader' });
    const a = await createKey(t, w.dev, '=HYPERLINK("x")', w.school);
    const b = await createKey(t, w.dev, 'Second key', w.school);
    await creditsOf(t).grant({ to: org(w.school), amount: cr('1'), idempotencyKey: 'g1' });
    for (const k of [a, b]) {
      await t.call('POST', `/api/api-keys/topup/${k.id}`, {
        ...as('dev'),
        body: { amount: '0.5', deductFrom: 'organization' },
      });
    }
    for (const k of [a, a, b]) {
      const res = await t.call('POST', `/api/tasks/${task._id}/run`, {
        headers: { 'x-api-key': k.secret },
        body: { Essay: 'hi' },
      });
      expect(res.status).toBe(200);
    }
    const usage = await t.call('GET', `/api/tasks/${task._id}/usage`, as('dev'));
    const byKey = Object.fromEntries(
      usage.body.usage.map((r: { apiKey: string; calls: number }) => [r.apiKey, r]),
    );
    expect(byKey[a.id]).toMatchObject({ calls: 2, creditsUsed: 0.02 });
    expect(byKey[b.id]).toMatchObject({ calls: 1, creditsUsed: 0.01, apiKeyName: 'Second key' });
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.body.usage[0].date).toBe(today);
    expect((await t.call('GET', `/api/tasks/${task._id}/usage?to=2000-01-01`, as('dev'))).body.usage).toEqual(
      [],
    );
    expect(
      (await t.call('GET', `/api/tasks/${task._id}/usage?from=${today}&to=${today}`, as('dev'))).body.usage,
    ).toHaveLength(2);
    expect((await t.call('GET', `/api/tasks/${task._id}/usage?from=yesterday`, as('dev'))).status).toBe(400);

    const csv = await t.app.request(`/api/tasks/${task._id}/usage/export`, {
      headers: { Authorization: `Bearer ${w.dev.token}`, orgId: w.school },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('"Last used Date","API Key Used","Total Credits Used","Calls"');
    expect(lines).toHaveLength(3);
    const evil = lines.find((l) => l.includes('HYPERLINK'));
    expect(evil).toContain(`"'=HYPERLINK(""x"") (`);
    expect(evil).toMatch(/,"0\.02","2"$/);
    const detail = await t.call('GET', `/api/tasks/${task._id}/detail`, as('dev'));
    expect(detail.body.data).toMatchObject({ runs: 3, creditsUsed: 0.03 });
  });

  it('limits runs per key per minute: the 121st answers 429 with Retry-After and charges nothing', async () => {
    const task = await createTask(t, w.dev.token, w.school, { flowId, name: 'Busy' });
    const k = await createKey(t, w.dev, 'Busy key', w.school);
    await creditsOf(t).grant({ to: org(w.school), amount: cr('5'), idempotencyKey: 'g-busy' });
    await t.call('POST', `/api/api-keys/topup/${k.id}`, {
      ...as('dev'),
      body: { amount: 5, deductFrom: 'organization' },
    });
    const runOnce = () =>
      t.call('POST', `/api/tasks/${task._id}/run`, {
        headers: { 'x-api-key': k.secret },
        body: { Essay: 'hi' },
      });
    for (let batch = 0; batch < 12; batch++) {
      const statuses = await Promise.all(Array.from({ length: 10 }, runOnce));
      expect(statuses.every((r) => r.status === 200)).toBe(true);
    }
    const limited = await runOnce();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await creditsOf(t).balanceOf({ kind: 'apiKey', id: k.id })).balance).toBe(
      cr('5') - 120n * cr('0.01'),
    );
  }, 120_000);
});
