import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_NAME_MAX, ZApiKeyResponse } from '../../src/shared/contract/api-keys';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { cr, creditsOf, org } from './helpers/credits';

/** PUT /api/api-keys/{id} (spec 03 §7), the call behind the list's Rename. */

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

/** As dev in the school unless told; `orgId: null` asks in the personal space. */
const rename = (id: string, body: unknown, token = w.dev.token, orgId: string | null = w.school) =>
  t.call('PUT', `/api/api-keys/${id}`, { token, orgId: orgId ?? undefined, body });

describe('[API-KEYS] rename', () => {
  it('changes only the name (trimmed): balance and display stay, updatedAt moves, the admin sees it', async () => {
    const { id, body } = await createKey(t, w.dev, 'Grading bot', w.school);
    await creditsOf(t).grant({ to: org(w.school), amount: cr('10'), idempotencyKey: 'g1' });
    const topUp = await t.call('POST', `/api/api-keys/topup/${id}`, {
      token: w.dev.token,
      orgId: w.school,
      body: { amount: '3', deductFrom: 'organization' },
    });
    expect(topUp.status).toBe(200);
    const res = await rename(id, { name: '  Essay grader  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = ZApiKeyResponse.parse(res.body);
    expect(data).toMatchObject({ _id: id, name: 'Essay grader', display: body.data.display, balance: 3 });
    expect(Date.parse(data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.data.updatedAt));
    const list = await t.call('GET', '/api/api-keys', { token: w.head.token, orgId: w.school });
    expect(list.body.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Essay grader']);
  });

  it('bad input answers 400 naming the field', async () => {
    const { id } = await createKey(t, w.dev, 'Grading bot', w.school);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^name: /],
      [{ name: '' }, /^name: is required/],
      [{ name: 7 }, /^name: /],
      [{ name: 'x'.repeat(API_KEY_NAME_MAX + 1) }, /^name: .*100/],
    ];
    for (const [body, message] of cases) {
      const res = await rename(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const badId = await rename('not-an-id', { name: 'x' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/^id: /);
  });

  it("another space's key, a personal key asked in the organisation and a refunded key are 404", async () => {
    const school = await createKey(t, w.dev, 'School key', w.school);
    const elsewhere = await createKey(t, w.outsider, 'Their key', w.elsewhere);
    const personal = await createKey(t, w.dev, 'Mine');
    expect((await rename(elsewhere.id, { name: 'Taken' })).status).toBe(404);
    expect((await rename(school.id, { name: 'Taken' }, w.outsider.token, w.elsewhere)).status).toBe(404);
    expect((await rename(personal.id, { name: 'Moved' })).status).toBe(404);
    expect((await rename(personal.id, { name: 'Mine too' }, w.dev.token, null)).status).toBe(200);
    const refund = await t.call('DELETE', `/api/api-keys/${school.id}/refund`, {
      token: w.dev.token,
      orgId: w.school,
    });
    expect(refund.status).toBe(200);
    const gone = await rename(school.id, { name: 'Again' });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('API key not found');
    const theirs = await t.call('GET', '/api/api-keys', { token: w.outsider.token, orgId: w.elsewhere });
    expect(theirs.body.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Their key']);
  });
});
