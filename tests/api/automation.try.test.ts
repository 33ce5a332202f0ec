import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditsToNumber, parseCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { pricedModel } from './helpers/ai-model';
import { buildKeyWorld, type KeyWorld } from './helpers/api-keys';
import { createTask, insertRunnableFlow } from './helpers/automation';
import { cr, creditsOf, expectBooksBalance, org } from './helpers/credits';

/** Answers AI General Feedback, priced as the default AI_MODEL. */
const model = pricedModel('{"score": 6, "feedback": "Good start."}', { inputTokens: 500, outputTokens: 50 });
const FEE = parseCredits('0.01');
const AI_COST = priceCall('gpt-5-mini', { inputTokens: 500, outputTokens: 50 });

let t: TestApp;
let w: KeyWorld;
let taskId: string;

beforeAll(async () => {
  t = await createTestApp({}, { ai: model });
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  const flowId = await insertRunnableFlow(t, w.dev.id, w.school);
  taskId = (await createTask(t, w.dev.token, w.school, { flowId, name: 'Essay grader' }))._id;
});
afterAll(() => t.close());

const tryRun = (body: unknown, who = w.dev, orgId = w.school, id = taskId) =>
  t.call('POST', `/api/tasks/${id}/try`, { token: who.token, orgId, body });

describe('[AUTOMATION] "Run with inputs" from the task page (signed in, no API key)', () => {
  it('runs the flow, paid by the space like a chat, and is not counted as API usage', async () => {
    await creditsOf(t).grant({ to: org(w.school), amount: cr('3'), idempotencyKey: 'g-try' });
    const res = await tryRun({ Essay: 'Rivers run to the sea.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('done');
    expect(res.body.outputs.essay.values.text).toBe('Rivers run to the sea.');
    expect(res.body.outputs.fb.values).toEqual({ score: '6', feedback: 'Good start.' });
    expect(res.body.credits).toBe(creditsToNumber(FEE + AI_COST));
    const wallet = await creditsOf(t).balanceOf(org(w.school));
    expect(wallet.balance).toBe(cr('3') - FEE - AI_COST);
    expect(wallet.reserved).toBe(0n);

    const usage = await t.call('GET', `/api/tasks/${taskId}/usage`, { token: w.dev.token, orgId: w.school });
    expect(usage.body.usage).toEqual([]);
    await expectBooksBalance(t);
  });

  it('tries a paused task too; the org admin may, another member and another space may not (404)', async () => {
    await creditsOf(t).grant({ to: org(w.school), amount: cr('3'), idempotencyKey: 'g-try2' });
    const paused = await t.call('PUT', `/api/tasks/${taskId}/status`, {
      token: w.dev.token,
      orgId: w.school,
      body: { status: 'paused' },
    });
    expect(paused.status).toBe(200);
    expect((await tryRun({ essay: 'x' })).status).toBe(200);
    expect((await tryRun({ essay: 'x' }, w.head)).status).toBe(200);
    expect((await tryRun({ essay: 'x' }, w.other)).status).toBe(404);
    expect((await tryRun({ essay: 'x' }, w.outsider, w.elsewhere)).status).toBe(404);
    const anonymous = await t.call('POST', `/api/tasks/${taskId}/try`, { orgId: w.school, body: {} });
    expect(anonymous.status).toBe(401);
  });

  it('refuses input that is not a JSON object (400 naming the body) and a space that cannot pay', async () => {
    const bad = await tryRun(['not', 'an object']);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^body:/);
    const broke = await tryRun({ essay: 'x' });
    expect(broke.status).toBe(400);
    expect(broke.body.errorCode).toMatch(/BALANCE_INSUFFICIENT/);
    await expectBooksBalance(t);
  });
});
