import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZLedgerResponse } from '../../src/shared/contract/credits';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { cr, creditsOf, org, user } from './helpers/credits';

let t: TestApp;
let w: KeyWorld;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
});
afterAll(() => t.close());

const grant = (to: ReturnType<typeof org> | ReturnType<typeof user>, amount: string, reference = '') =>
  creditsOf(t).grant({ to, amount: cr(amount), reference, idempotencyKey: `grant-${Math.random()}` });

describe('[CREDITS] the ledger names API keys', () => {
  it('an organisation top-up of a key shows the key’s name beside its reference', async () => {
    const { id } = await createKey(t, w.dev, 'Grading bot', w.school);
    await grant(org(w.school), '50');
    const topUp = await t.call('POST', `/api/api-keys/topup/${id}`, {
      token: w.dev.token,
      orgId: w.school,
      body: { amount: '5', deductFrom: 'organization' },
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
    const ledger = await t.call('GET', '/api/credits/ledger?wallet=organization', {
      token: w.head.token,
      orgId: w.school,
    });
    expect(ledger.status).toBe(200);
    const body = ZLedgerResponse.parse(ledger.body);
    expect(body.data[0]).toMatchObject({
      reason: 'topUp',
      reference: `apiKey:${id}`,
      apiKeyName: 'Grading bot',
    });
    expect(body.data[1].apiKeyName).toBeUndefined();
  });

  it('never names another space’s key, even when a reference points at it', async () => {
    const theirs = await createKey(t, w.outsider, 'Elsewhere secret project', w.elsewhere);
    await grant(user(w.dev.id), '3', `apiKey:${theirs.id}`);
    const ledger = await t.call('GET', '/api/credits/ledger?wallet=personal', { token: w.dev.token });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data[0].reference).toBe(`apiKey:${theirs.id}`);
    expect(ledger.body.data[0].apiKeyName).toBeUndefined();
    expect(JSON.stringify(ledger.body)).not.toContain('Elsewhere secret project');
  });

  it('an outsider cannot read the organisation’s ledger, and a bad wallet is a 400 naming the field', async () => {
    const refused = await t.call('GET', '/api/credits/ledger?wallet=organization', {
      token: w.outsider.token,
      orgId: w.school,
    });
    expect([403, 404]).toContain(refused.status);
    const bad = await t.call('GET', '/api/credits/ledger?wallet=everyone', { token: w.dev.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('wallet');
  });
});
