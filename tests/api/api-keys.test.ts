import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/server/api-keys/api-keys.service';
import { ZApiKeyCreated, ZApiKeyListResponse } from '../../src/shared/contract/api-keys';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { all, apiKey, cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';

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

const grant = (to: ReturnType<typeof org>, amount: string) =>
  creditsOf(t).grant({ to, amount: cr(amount), idempotencyKey: `grant-${Math.random()}` });

describe('[API-KEYS] secrecy', () => {
  it('shows the secret once, keeps only its hash, and shows a display prefix afterwards', async () => {
    const { id, secret, body } = await createKey(t, w.dev, 'Grading bot', w.school);
    ZApiKeyCreated.parse(body);
    expect(body.message).toBe('API key created successfully.');
    expect(secret).toMatch(/^flk_[A-Za-z0-9_-]{43}$/);
    expect(body.data.display).toBe(`${secret.slice(0, 8)}…${secret.slice(-4)}`);
    const list = await t.call('GET', '/api/api-keys', { token: w.dev.token, orgId: w.school });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.apiKeys[0]).toMatchObject({ _id: id, name: 'Grading bot', display: body.data.display });
    expect(list.body.apiKeys[0].apiKey).toBeUndefined();
    const renamed = await t.call('PUT', `/api/api-keys/${id}`, {
      token: w.dev.token,
      orgId: w.school,
      body: { name: 'Grader' },
    });
    expect(JSON.stringify(renamed.body)).not.toContain(secret);
    const stored = (await t.database.db.execute(sql`select * from api_keys`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    expect(stored.rows).toHaveLength(1);
    expect(JSON.stringify(stored.rows)).not.toContain(secret);
    expect(stored.rows[0].secret_hash).toBe(hashSecret(secret));
    const second = await createKey(t, w.dev, 'Second', w.school);
    expect(second.secret).not.toBe(secret);
  });
});

describe('[API-KEYS] list, rename and who may see a key', () => {
  it('lists with keyword, skip, limit (default 10), sortBy (descending by default) and total', async () => {
    for (let i = 1; i <= 12; i++) await createKey(t, w.dev, `Key ${String(i).padStart(2, '0')}`, w.school);
    await createKey(t, w.dev, 'Personal one');
    const get = (q: string) => t.call('GET', `/api/api-keys${q}`, { token: w.dev.token, orgId: w.school });
    const first = ZApiKeyListResponse.parse((await get('')).body);
    expect(first.total).toBe(12);
    expect(first.apiKeys.map((k) => k.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Key ${String(12 - i).padStart(2, '0')}`),
    );
    expect((await get('?skip=10')).body.apiKeys.map((k: { name: string }) => k.name)).toEqual([
      'Key 02',
      'Key 01',
    ]);
    const az = await get('?sortBy=name&order=asc&limit=3');
    expect(az.body.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Key 01', 'Key 02', 'Key 03']);
    const search = await get('?keyword=key 1');
    expect(search.body.total).toBe(3);
    expect((await get('?keyword=100%')).body.total).toBe(0);
    const personal = await t.call('GET', '/api/api-keys', { token: w.dev.token });
    expect(personal.body.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Personal one']);
    for (const bad of ['?limit=0', '?skip=-1', '?sortBy=secret', '?order=up']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
    }
  });

  it('the owner and the organisation admin manage a key; other members and other spaces get 404', async () => {
    const { id } = await createKey(t, w.dev, 'Grading bot', w.school);
    const rename = (token: string | undefined, orgId: string) =>
      t.call('PUT', `/api/api-keys/${id}`, { token, orgId, body: { name: 'Renamed' } });
    const out = {
      dev: (await rename(w.dev.token, w.school)).status,
      head: (await rename(w.head.token, w.school)).status,
      other: (await rename(w.other.token, w.school)).status,
      outsider: (await rename(w.outsider.token, w.elsewhere)).status,
      outsiderInSchool: (await rename(w.outsider.token, w.school)).status,
      devPersonal: (await t.call('PUT', `/api/api-keys/${id}`, { token: w.dev.token, body: { name: 'x' } }))
        .status,
      signedOut: (await rename(undefined, w.school)).status,
    };
    expect(out).toEqual({
      dev: 200,
      head: 200,
      other: 404,
      outsider: 404,
      outsiderInSchool: 403,
      devPersonal: 404,
      signedOut: 401,
    });
    const otherList = await t.call('GET', '/api/api-keys', { token: w.other.token, orgId: w.school });
    expect(otherList.body.total).toBe(0);
    const headList = await t.call('GET', '/api/api-keys', { token: w.head.token, orgId: w.school });
    expect(headList.body.apiKeys[0].name).toBe('Renamed');
    const blank = await rename(w.dev.token, w.school);
    expect(blank.body.message).toBe('API key updated successfully.');
    const bad = await t.call('PUT', `/api/api-keys/${id}`, {
      token: w.dev.token,
      orgId: w.school,
      body: { name: ' ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('name');
    const badId = await t.call('PUT', '/api/api-keys/nope', {
      token: w.dev.token,
      orgId: w.school,
      body: { name: 'x' },
    });
    expect(badId.status).toBe(400);
  });
});

describe('[API-KEYS] top-up and refund through the credits service', () => {
  it('tops up from the organisation and refunds the rest back to it, both in the ledger', async () => {
    const { id } = await createKey(t, w.dev, 'Grading bot', w.school);
    await grant(org(w.school), '100');
    const topUp = await t.call('POST', `/api/api-keys/topup/${id}`, {
      token: w.dev.token,
      orgId: w.school,
      body: { amount: '30.5', deductFrom: 'organization' },
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
    expect(topUp.body.message).toBe('Topup success');
    expect(topUp.body.data).toMatchObject({ balance: 30.5, used: 0 });
    expect(topUp.headers.get('x-credits-changed')).toBe('1');
    // Calls spend from the key's wallet.
    await creditsOf(t).charge({ payer: apiKey(id), amount: cr('0.5'), idempotencyKey: 'run-1' });
    const list = await t.call('GET', '/api/api-keys', { token: w.dev.token, orgId: w.school });
    expect(list.body.apiKeys[0]).toMatchObject({ balance: 30, used: 0.5 });

    const refund = await t.call('DELETE', `/api/api-keys/${id}/refund`, {
      token: w.dev.token,
      orgId: w.school,
    });
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({ message: 'API key refunded and deleted.', refunded: 30 });
    expect((await creditsOf(t).balanceOf(org(w.school))).balance).toBe(cr('99.5'));
    expect((await creditsOf(t).balanceOf(apiKey(id))).balance).toBe(0n);
    const ledger = await creditsOf(t).ledger(org(w.school), { limit: 5 });
    expect(ledger.map((e) => [e.reason, e.amount, e.reference])).toEqual([
      ['refund', cr('30'), `apiKey:${id}`],
      ['topUp', -cr('30.5'), `apiKey:${id}`],
      ['grant', cr('100'), ''],
    ]);
    expect((await t.call('GET', '/api/api-keys', { token: w.dev.token, orgId: w.school })).body.total).toBe(
      0,
    );
    const again = await t.call('DELETE', `/api/api-keys/${id}/refund`, {
      token: w.dev.token,
      orgId: w.school,
    });
    expect(again.status).toBe(404);
    await expectBooksBalance(t);
  });

  it('in the personal space the personal wallet pays and gets the refund; wrong wallets and amounts are 400', async () => {
    const { id } = await createKey(t, w.dev, 'Mine');
    await grant(user(w.dev.id), '10');
    const topUp = (body: unknown) =>
      t.call('POST', `/api/api-keys/topup/${id}`, { token: w.dev.token, body });
    const wrong = await topUp({ amount: 1, deductFrom: 'organization' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('deductFrom');
    for (const amount of [0, -2, 'x'])
      expect((await topUp({ amount, deductFrom: 'personal' })).status).toBe(400);
    const tooMuch = await topUp({ amount: 11, deductFrom: 'personal' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
    expect((await topUp({ amount: 4, deductFrom: 'personal' })).status).toBe(200);
    expect((await creditsOf(t).balanceOf(user(w.dev.id))).balance).toBe(cr('6'));
    const refund = await t.call('DELETE', `/api/api-keys/${id}/refund`, { token: w.dev.token });
    expect(refund.body.refunded).toBe(4);
    expect((await creditsOf(t).balanceOf(user(w.dev.id))).balance).toBe(cr('10'));
    await expectBooksBalance(t);
  });

  it('two refunds at once give the balance back once', async () => {
    const { id } = await createKey(t, w.dev, 'Twice', w.school);
    await grant(org(w.school), '5');
    await t.call('POST', `/api/api-keys/topup/${id}`, {
      token: w.dev.token,
      orgId: w.school,
      body: { amount: 5, deductFrom: 'organization' },
    });
    const both = await Promise.all(
      [w.dev, w.head].map((u) =>
        t.call('DELETE', `/api/api-keys/${id}/refund`, { token: u.token, orgId: w.school }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await creditsOf(t).balanceOf(org(w.school))).balance).toBe(cr('5'));
    await expectBooksBalance(t);
  });

  it('500 concurrent top-ups from a wallet that can afford 100: exactly 100 succeed, nothing below 0', async () => {
    const { id } = await createKey(t, w.dev, 'Hot key', w.school);
    await grant(org(w.school), '100');
    const results = await all(
      Array.from({ length: 500 }, () => async () => {
        const res = await t.call('POST', `/api/api-keys/topup/${id}`, {
          token: w.dev.token,
          orgId: w.school,
          body: { amount: 1, deductFrom: 'organization' },
        });
        if (res.status !== 200)
          throw Object.assign(new Error(String(res.status)), { code: res.body.errorCode });
        return res.status;
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    const refusals = new Set(results.flatMap((r) => (r.ok ? [] : [r.code])));
    expect([...refusals]).toEqual(['ORG_UNIT_BALANCE_INSUFFICIENT']);
    expect((await creditsOf(t).balanceOf(org(w.school))).balance).toBe(0n);
    expect((await creditsOf(t).balanceOf(apiKey(id))).balance).toBe(cr('100'));
    await expectBooksBalance(t);
  }, 180_000);
});
