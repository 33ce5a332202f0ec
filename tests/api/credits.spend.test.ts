import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiChunk, AiProvider } from '../../src/server/adapters/ai/ai';
import { formatCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';
import { createWorld, insertFlow, type ToolWorld } from './tools-fixtures';

/** A configured model (priced as GPT-5 Mini, the default AI_MODEL) that reports its usage. */
let calls = 0;
const model: AiProvider = {
  id: 'openai-compatible',
  label: 'test model',
  offline: false,
  async *stream(): AsyncGenerator<AiChunk> {
    calls++;
    yield { type: 'text', text: '{"name": "Volcano Voyager", "description": "Tour a volcano."}' };
    yield { type: 'usage', inputTokens: 1200, outputTokens: 300 };
    yield { type: 'done' };
  },
};

let t: TestApp;
let w: ToolWorld;
let flowId: string;
let zetaFlow: string;
const generate = (token: string, flows: string[], orgId?: string) =>
  t.call('POST', '/api/tool/generate-name-description', { token, orgId, body: { flows } });

beforeAll(async () => {
  t = await createTestApp({}, { ai: model });
  w = await createWorld(t);
  flowId = await insertFlow(t, { ownerId: w.admin.id, name: 'Volcano tour', nodeTypes: ['beginNode'] });
  zetaFlow = await insertFlow(t, {
    ownerId: w.admin.id,
    orgId: w.zeta,
    name: 'Zeta tour',
    nodeTypes: ['beginNode'],
  });
}, APP_START_MS * 2);
afterAll(() => t.close());
beforeEach(() => {
  calls = 0;
});

describe('[CREDITS] an AI call pays through the credits service', () => {
  it('charges the reported usage at the catalogue price and tells the client its balance changed', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user(w.admin.id), amount: cr('5'), idempotencyKey: `g-${Date.now()}` });
    const before = await credits.balanceOf(user(w.admin.id));
    const res = await generate(w.admin.token, [flowId]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toBe('Volcano Voyager');
    expect(res.headers.get('x-credits-changed')).toBe('1');
    const after = await credits.balanceOf(user(w.admin.id));
    const cost = priceCall('gpt-5-mini', { inputTokens: 1200, outputTokens: 300 });
    expect(formatCredits(cost)).toBe('0.3751125');
    expect(before.balance - after.balance).toBe(cost);
    expect(after.reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('refuses before calling the model when the wallet cannot hold the call (Out of Credits)', async () => {
    const own = await insertFlow(t, { ownerId: w.member.id, name: 'Mine', nodeTypes: ['beginNode'] });
    const empty = await generate(w.member.token, [own]);
    expect(empty.status).toBe(400);
    expect(empty.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
    expect(calls).toBe(0);
  });

  it('in an organisation space the organisation pays, within its monthly limit', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: org(w.zeta), amount: cr('100'), idempotencyKey: 'g-zeta' });
    expect((await generate(w.admin.token, [zetaFlow], w.zeta)).status).toBe(200);
    const used = (await credits.balanceOf(org(w.zeta))).usedThisMonth;
    expect(used).toBe(priceCall('gpt-5-mini', { inputTokens: 1200, outputTokens: 300 }));
    await credits.setMonthlyLimit(w.zeta, used);
    const over = await generate(w.admin.token, [zetaFlow], w.zeta);
    expect([over.status, over.body.errorCode]).toEqual([403, 'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED']);
    expect(over.body.message).toContain('monthly credit limit');
  });
});
