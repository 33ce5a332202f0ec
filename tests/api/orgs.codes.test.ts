import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORG_CODE_LOOKUP_MISSES, ZChangeOrgCodeResponse } from '../../src/shared/contract/orgs';
import { orgCodeStrength } from '../../src/shared/domain/org-code';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeUser, type TestUser } from './helpers/users';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let orgId: string;
let code: string;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  admin = await makeUser(t, 'admin@example.org');
  member = await makeUser(t, 'member@example.org');
  outsider = await makeUser(t, 'outsider@example.org');
  const created = await t.call('POST', '/api/organizations', {
    token: admin.token,
    body: { name: 'Demo School' },
  });
  expect(created.status).toBe(201);
  orgId = created.body.data.orgId;
  code = created.body.data.orgCode;
  const joined = await t.call('POST', `/api/users/join-org?orgcode=${code}`, { token: member.token });
  expect(joined.status).toBe(200);
});
afterAll(() => t.close());

const publicLookup = (orgcode: string) =>
  t.call('GET', `/api/organizations/by-org-code-public?orgcode=${encodeURIComponent(orgcode)}`);

describe('[ORGS] join codes cannot be guessed', () => {
  it('gives a new organisation a code with a random part, not its name', async () => {
    expect(code).not.toBe('demo-school');
    expect(code).toMatch(/^demo-school-[a-z2-9]{12}$/);
    expect(orgCodeStrength(code)).toBe('strong');
    expect((await publicLookup('demo-school')).status).toBe(404);
  });

  it('lets an admin regenerate the code; the old one stops working at once', async () => {
    const res = await t.call('POST', `/api/organizations/${orgId}/org-code`, {
      token: admin.token,
      body: {},
    });
    expect(res.status).toBe(200);
    const { data } = ZChangeOrgCodeResponse.parse(res.body);
    expect(data.orgCode).not.toBe(code);
    expect(data.orgCode).toMatch(/^demo-school-[a-z2-9]{12}$/);
    expect((await publicLookup(code)).status).toBe(404);
    expect((await publicLookup(data.orgCode)).body.data.orgId).toBe(orgId);
  });

  it('lets an admin choose a code, refusing a taken, reserved or malformed one', async () => {
    const chosen = await t.call('POST', `/api/organizations/${orgId}/org-code`, {
      token: admin.token,
      body: { orgCode: 'Hill-Valley-7q4x' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.orgCode).toBe('hill-valley-7q4x');
    const other = await t.call('POST', '/api/organizations', {
      token: outsider.token,
      body: { name: 'Other' },
    });
    const taken = await t.call('POST', `/api/organizations/${other.body.data.orgId}/org-code`, {
      token: outsider.token,
      body: { orgCode: 'hill-valley-7q4x' },
    });
    expect(taken.status).toBe(409);
    const path = `/api/organizations/${orgId}/org-code`;
    expect((await t.call('POST', path, { token: admin.token, body: { orgCode: 'login' } })).status).toBe(400);
    expect((await t.call('POST', path, { token: admin.token, body: { orgCode: 'a b' } })).status).toBe(400);
  });

  it('refuses members and outsiders', async () => {
    const path = `/api/organizations/${orgId}/org-code`;
    expect((await t.call('POST', path, { token: member.token, body: {} })).status).toBe(403);
    expect((await t.call('POST', path, { token: outsider.token, body: {} })).status).toBe(403);
    expect((await t.call('POST', path, { body: {} })).status).toBe(401);
    expect((await publicLookup(code)).status).toBe(200);
  });

  it('stops answering a caller after too many unknown codes, even for a right one', async () => {
    for (let i = 0; i < ORG_CODE_LOOKUP_MISSES; i++)
      expect((await publicLookup(`guess-${i}`)).status).toBe(404);
    const blocked = await publicLookup(code);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.errorCode).toBe('RATE_LIMITED');
    // a signed-in caller is counted on their own, by account
    for (let i = 0; i < ORG_CODE_LOOKUP_MISSES; i++) {
      const res = await t.call('POST', `/api/users/join-org?orgcode=guess-${i}`, { token: outsider.token });
      expect(res.status).toBe(404);
    }
    expect(
      (await t.call('POST', `/api/users/join-org?orgcode=${code}`, { token: outsider.token })).status,
    ).toBe(429);
    const ok = await t.call('GET', `/api/organizations/by-org-code?orgcode=${code}`, { token: member.token });
    expect(ok.status).toBe(200);
  });
});
