import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTaskRunner } from '../../src/server/automation/run.service';
import { creditsToNumber, parseCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { pricedModel } from './helpers/ai-model';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask, insertRunnableFlow } from './helpers/automation';
import { all, apiKey, cr, creditsOf, expectBooksBalance, org } from './helpers/credits';

/** Answers AI General Feedback, priced as the default AI_MODEL. */
const model = pricedModel('{"score": 7, "feedback": "Clear."}', { inputTokens: 800, outputTokens: 100 });
const FEE = parseCredits('0.01');
const AI_COST = priceCall('gpt-5-mini', { inputTokens: 800, outputTokens: 100 });

let t: TestApp;
let w: KeyWorld;
let key: { id: string; secret: string };
let taskId: string;

beforeAll(async () => {
  t = await createTestApp({}, { ai: model });
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  key = await createKey(t, w.dev, 'Integration', w.school);
  const flowId = await insertRunnableFlow(t, w.dev.id, w.school);
  taskId = (await createTask(t, w.dev.token, w.school, { flowId, name: 'Essay grader' }))._id;
});
afterAll(() => t.close());

const fund = async (amount: string) => {
  await creditsOf(t).grant({ to: org(w.school), amount: cr(amount), idempotencyKey: `g-${Math.random()}` });
  const res = await t.call('POST', `/api/api-keys/topup/${key.id}`, {
    token: w.dev.token,
    orgId: w.school,
    body: { amount, deductFrom: 'organization' },
  });
  expect(res.status).toBe(200);
};
const run = (
  body: unknown,
  headers: Record<string, string> = { Authorization: `Bearer ${key.secret}` },
  id = taskId,
) => t.call('POST', `/api/tasks/${id}/run`, { body, headers });

describe('[AUTOMATION] running a task with an API key', () => {
  it('runs the flow headless, answers its outputs, charges the key (fee + AI) and writes a usage row', async () => {
    await fund('5');
    const res = await run({ Essay: 'Trees are tall.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('done');
    expect(res.body.outputs.fb).toEqual({
      nodeType: 'processNode',
      label: 'Feedback',
      values: { score: '7', feedback: 'Clear.' },
    });
    expect(res.body.outputs.essay.values.text).toBe('Trees are tall.');
    const balance = await creditsOf(t).balanceOf(apiKey(key.id));
    expect(balance.balance).toBe(cr('5') - FEE - AI_COST);
    expect(balance.reserved).toBe(0n);
    expect(res.body.credits).toBe(creditsToNumber(FEE + AI_COST));

    const viaHeader = await run({ essay: 'Second.' }, { 'x-api-key': key.secret });
    expect(viaHeader.status).toBe(200);
    const usage = await t.call('GET', `/api/tasks/${taskId}/usage`, { token: w.dev.token, orgId: w.school });
    expect(usage.status).toBe(200);
    expect(usage.body.usage).toHaveLength(1);
    expect(usage.body.usage[0]).toMatchObject({ apiKey: key.id, apiKeyName: 'Integration', calls: 2 });
    expect(usage.body.usage[0].creditsUsed).toBe(creditsToNumber(2n * (FEE + AI_COST)));
    const keys = await t.call('GET', '/api/api-keys', { token: w.dev.token, orgId: w.school });
    expect(keys.body.apiKeys[0].lastUsedAt).not.toBeNull();
    await expectBooksBalance(t);
  });

  it('refuses a missing, wrong or refunded key (401) and a key of another space (404)', async () => {
    await fund('20');
    expect((await run({}, {})).status).toBe(401);
    expect((await run({}, { Authorization: 'Bearer flk_not-a-key' })).status).toBe(401);
    expect((await run({}, { 'x-api-key': 'nonsense' })).status).toBe(401);
    const personal = await createKey(t, w.dev, 'Personal');
    expect((await run({ Essay: 'x' }, { Authorization: `Bearer ${personal.secret}` })).status).toBe(404);
    const outsider = await createKey(t, w.outsider, 'Elsewhere', w.elsewhere);
    expect((await run({ Essay: 'x' }, { Authorization: `Bearer ${outsider.secret}` })).status).toBe(404);
    expect((await run({ Essay: 'x' }, undefined, 'ffffffffffffffffffffffff')).status).toBe(404);
    await t.call('DELETE', `/api/api-keys/${key.id}/refund`, { token: w.dev.token, orgId: w.school });
    const revoked = await run({ Essay: 'x' });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('Invalid API key');
  });

  it('an empty key wallet answers 400 UNIT_BALANCE_INSUFFICIENT and records no run', async () => {
    const res = await run({ Essay: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
    const usage = await t.call('GET', `/api/tasks/${taskId}/usage`, { token: w.dev.token, orgId: w.school });
    expect(usage.body.usage).toEqual([]);
    // Enough for the fee, not for the AI call: the run stops there, and says why.
    await fund('0.02');
    const short = await run({ Essay: 'x' });
    expect(short.status, JSON.stringify(short.body)).toBe(400);
    expect(short.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
    expect((await creditsOf(t).balanceOf(apiKey(key.id))).balance).toBe(cr('0.01'));
    await expectBooksBalance(t);
  });

  it('a paused task answers 409 until it is resumed', async () => {
    await fund('20');
    const pause = await t.call('PUT', `/api/tasks/${taskId}/status`, {
      token: w.dev.token,
      orgId: w.school,
      body: { status: 'paused' },
    });
    expect(pause.body.message).toBe('Task paused.');
    const paused = await run({ Essay: 'x' });
    expect(paused.status).toBe(409);
    expect(paused.body.message).toBe('This task is paused.');
    await t.call('PUT', `/api/tasks/${taskId}/status`, {
      token: w.dev.token,
      orgId: w.school,
      body: { status: 'live' },
    });
    expect((await run({ Essay: 'x' })).status).toBe(200);
  });

  it('bad input: a non-object body is 400; a missing value is 422 naming the block', async () => {
    await fund('20');
    const array = await t.call('POST', `/api/tasks/${taskId}/run`, {
      headers: { Authorization: `Bearer ${key.secret}`, 'Content-Type': 'application/json' },
      raw: '[1,2]',
    });
    expect(array.status).toBe(400);
    expect(array.body.message).toContain('body');
    const broken = await t.call('POST', `/api/tasks/${taskId}/run`, {
      headers: { Authorization: `Bearer ${key.secret}`, 'Content-Type': 'application/json' },
      raw: '{"Essay": ',
    });
    expect(broken.status).toBe(400);
    const missing = await run({ Other: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.status).toBe('failed');
    expect(missing.body.message).toBe('The input JSON has no value for the block "Essay".');
  });

  it('streams progress as server-sent events when asked, ending with the result', async () => {
    await fund('20');
    const res = await t.app.request(`/api/tasks/${taskId}/run`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Essay: 'Streams.' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text).toContain('event: node');
    expect(text).toContain('event: ai-piece');
    const result = text.split('event: result\ndata: ')[1]?.split('\n')[0];
    expect(JSON.parse(result ?? '{}')).toMatchObject({ httpStatus: 200, status: 'done' });
  });

  it('a run that fails on our side (an exception) gets its fee back, once, and writes no usage row', async () => {
    await fund('1');
    const runner = createTaskRunner(t.deps);
    const prepared = await runner.prepare(key.secret, taskId);
    // A graph that throws when the runtime reads it: a fault of ours, not a failed flow.
    const broken = new Proxy(prepared.flow, {
      get: () => {
        throw new Error('the graph could not be read');
      },
    });
    await expect(runner.execute({ ...prepared, flow: broken }, { Essay: 'x' })).rejects.toThrow(
      'the graph could not be read',
    );
    expect((await creditsOf(t).balanceOf(apiKey(key.id))).balance).toBe(cr('1'));
    const ledger = await creditsOf(t).ledger(apiKey(key.id), { limit: 10 });
    expect(ledger.slice(0, 2).map((e) => [e.reason, e.amount])).toEqual([
      ['refund', FEE],
      ['usage', -FEE],
    ]);
    const usage = await t.call('GET', `/api/tasks/${taskId}/usage`, { token: w.dev.token, orgId: w.school });
    expect(usage.body.usage).toEqual([]);
    await expectBooksBalance(t);
  });

  it('parallel runs never spend more than the key holds', async () => {
    const cheap = await insertRunnableFlow(t, w.dev.id, w.school, { ai: false, name: 'No AI' });
    const cheapTask = (await createTask(t, w.dev.token, w.school, { flowId: cheap, name: 'Cheap' }))._id;
    await fund('0.05');
    const results = await all(
      Array.from({ length: 20 }, () => async () => {
        const res = await run({ Essay: 'x' }, undefined, cheapTask);
        if (res.status !== 200)
          throw Object.assign(new Error(String(res.status)), { code: res.body.errorCode });
        return res.body;
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect((await creditsOf(t).balanceOf(apiKey(key.id))).balance).toBe(0n);
    const usage = await t.call('GET', `/api/tasks/${cheapTask}/usage`, {
      token: w.dev.token,
      orgId: w.school,
    });
    expect(usage.body.usage[0].calls).toBe(5);
    await expectBooksBalance(t);
  });
});

describe('[AUTOMATION] the OpenAPI description of the run call', () => {
  it('is public and describes POST /api/tasks/{taskId}/run with both key headers and its answers', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const op = res.body.paths['/api/tasks/{taskId}/run'].post;
    expect(Object.keys(op.responses)).toEqual([
      '200',
      '400',
      '401',
      '404',
      '409',
      '413',
      '422',
      '429',
      '500',
    ]);
    expect(res.body.components.securitySchemes).toMatchObject({
      bearerKey: { type: 'http', scheme: 'bearer' },
      headerKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
    expect(res.body.servers[0].url).toBe('http://localhost');
  });
});
