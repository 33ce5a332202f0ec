import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ZOrganizationsResponse,
  ZOrgByCodeResponse,
  ZOrgEntry,
  ZOrgPublicResponse,
} from '../../src/shared/contract/orgs';
import { newSignedInUser } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let member: string;
let outsider: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  admin = (await newSignedInUser(t, 'admin@example.org')).token;
  member = (await newSignedInUser(t, 'member@example.org')).token;
  outsider = (await newSignedInUser(t, 'outsider@example.org')).token;
  const created = await t.call('POST', '/api/organizations', {
    token: admin,
    body: { name: 'Zeta Academy', orgCode: 'zeta' },
  });
  orgId = created.body.data.orgId;
  await t.call('POST', '/api/users/join-org?orgcode=zeta', { token: member });
});
afterAll(() => t.close());

describe('[ORGS] create', () => {
  it('creates an organisation with the creator as admin', async () => {
    const res = await t.call('POST', '/api/organizations', {
      token: outsider,
      body: { name: 'Alpha School', description: 'Our school', iconUrl: 'https://example.org/a.png' },
    });
    expect(res.status).toBe(201);
    const org = ZOrgEntry.parse(res.body.data);
    expect(org).toMatchObject({
      name: 'Alpha School',
      role: 'admin',
      description: 'Our school',
    });
    expect(org.orgCode).toMatch(/^alpha-school-[a-z2-9]{12}$/);
    expect(org._id).toBe(org.orgId);
    expect(org.orgId).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(org.createdAt).toISOString()).toBe(org.createdAt);
  });

  it('makes a code with a random part, whatever the name', async () => {
    const a = await t.call('POST', '/api/organizations', { token: outsider, body: { name: 'Zeta' } });
    expect(a.status).toBe(201);
    expect(a.body.data.orgCode).toMatch(/^zeta-[a-z2-9]{12}$/);
    const b = await t.call('POST', '/api/organizations', { token: outsider, body: { name: '学校' } });
    expect(b.body.data.orgCode).toMatch(/^org-[a-z2-9]{12}$/);
    const c = await t.call('POST', '/api/organizations', { token: outsider, body: { name: 'Login' } });
    expect(c.body.data.orgCode).toMatch(/^login-[a-z2-9]{12}$/);
  });

  it('refuses reserved, taken and malformed codes', async () => {
    for (const code of ['personal', 'login', 'explore', 'editor', 'api', 'callback']) {
      const res = await t.call('POST', '/api/organizations', {
        token: outsider,
        body: { name: 'X', orgCode: code },
      });
      expect(res.status, code).toBe(400);
      expect(res.body.message).toContain('orgCode');
    }
    const taken = await t.call('POST', '/api/organizations', {
      token: outsider,
      body: { name: 'Other', orgCode: 'ZETA' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This organization code is taken.');
    for (const code of ['ab', 'has space', '-dash', 'x'.repeat(33)]) {
      const res = await t.call('POST', '/api/organizations', {
        token: outsider,
        body: { name: 'X', orgCode: code },
      });
      expect(res.status, code).toBe(400);
    }
    const script = await t.call('POST', '/api/organizations', {
      token: outsider,
      body: { name: 'X', iconUrl: 'javascript:alert(1)' },
    });
    expect(script.status).toBe(400);
    expect(script.body.message).toContain('iconUrl');
    const noName = await t.call('POST', '/api/organizations', { token: outsider, body: { name: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('name');
    expect((await t.call('POST', '/api/organizations', { body: { name: 'Anon' } })).status).toBe(401);
  });
});

describe('[ORGS] listing, joining and switching', () => {
  it("lists the user's organisations by name with their role", async () => {
    await t.call('POST', '/api/organizations', { token: admin, body: { name: 'alpha club' } });
    const res = await t.call('GET', '/api/users/organizations', { token: admin });
    const body = ZOrganizationsResponse.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.data.map((o) => [o.name, o.role])).toEqual([
      ['alpha club', 'admin'],
      ['Zeta Academy', 'admin'],
    ]);
    const none = await t.call('GET', '/api/users/organizations', { token: outsider });
    expect(none.body).toEqual({ data: [], lastVisitedOrgId: '', success: true });
  });

  it('joins by code as member, makes it the last visited space, and is idempotent', async () => {
    const res = await t.call('POST', '/api/users/join-org?orgcode=ZETA', { token: outsider });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Joined organization successfully');
    expect(ZOrgEntry.parse(res.body.data)).toMatchObject({ orgId, role: 'member' });
    const again = await t.call('POST', '/api/users/join-org?orgcode=zeta', { token: outsider });
    expect(again.status).toBe(200);
    const list = await t.call('GET', '/api/users/organizations', { token: outsider });
    expect(list.body.lastVisitedOrgId).toBe(orgId);
    expect(list.body.data).toHaveLength(1);
    const me = await t.call('GET', '/api/auth/me', { token: outsider });
    expect(me.body.user.lastVisitedOrgId).toBe(orgId);
    // An admin who joins again stays admin.
    expect((await t.call('POST', '/api/users/join-org?orgcode=zeta', { token: admin })).body.data.role).toBe(
      'admin',
    );
  });

  it('answers 404 for an unknown code, 400 without a code and 401 without a token', async () => {
    const unknown = await t.call('POST', '/api/users/join-org?orgcode=nope', { token: outsider });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Organization not found' } });
    const missing = await t.call('POST', '/api/users/join-org', { token: outsider });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('orgcode');
    expect((await t.call('POST', '/api/users/join-org?orgcode=zeta')).status).toBe(401);
  });

  it('switches to a member organisation and back to the personal space', async () => {
    const res = await t.call('PUT', '/api/users/switch-org', { token: member, body: { orgId } });
    expect(res.body).toEqual({
      success: true,
      message: 'Organization switched successfully',
      lastVisitedOrgId: orgId,
    });
    for (const personal of ['personal', '']) {
      await t.call('PUT', '/api/users/switch-org', { token: member, body: { orgId } });
      const back = await t.call('PUT', '/api/users/switch-org', { token: member, body: { orgId: personal } });
      expect(back.body.lastVisitedOrgId).toBe('');
      expect((await t.call('GET', '/api/users/organizations', { token: member })).body.lastVisitedOrgId).toBe(
        '',
      );
    }
  });

  it('refuses to switch to an organisation the user is not in', async () => {
    const res = await t.call('PUT', '/api/users/switch-org', { token: outsider, body: { orgId } });
    expect(res.status).toBe(403);
    expect(
      (await t.call('PUT', '/api/users/switch-org', { token: outsider, body: { orgId: 'f'.repeat(24) } }))
        .status,
    ).toBe(403);
    expect((await t.call('PUT', '/api/users/switch-org', { token: outsider, body: {} })).status).toBe(400);
  });
});

describe('[ORGS] lookup by code', () => {
  it('needs a token for the full lookup and says whether the caller is a member', async () => {
    expect((await t.call('GET', '/api/organizations/by-org-code?orgcode=zeta')).status).toBe(401);
    const outside = await t.call('GET', '/api/organizations/by-org-code?orgcode=zeta', { token: outsider });
    expect(outside.status).toBe(200);
    const data = ZOrgByCodeResponse.parse(outside.body).data;
    expect(data).toMatchObject({ orgId, orgCode: 'zeta', name: 'Zeta Academy', isMember: false });
    expect(data).not.toHaveProperty('role');
    const inside = await t.call('GET', '/api/organizations/by-org-code?orgcode=zeta', { token: member });
    expect(inside.body.data.isMember).toBe(true);
    const unknown = await t.call('GET', '/api/organizations/by-org-code?orgcode=nope', { token: member });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Organization not found' } });
  });

  it('serves the public lookup without a token, with only public fields', async () => {
    const res = await t.call('GET', '/api/organizations/by-org-code-public?orgcode=Zeta');
    expect(res.status).toBe(200);
    expect(ZOrgPublicResponse.parse(res.body).data).toEqual({
      _id: orgId,
      orgId,
      name: 'Zeta Academy',
      orgCode: 'zeta',
      iconUrl: null,
    });
    expect(Object.keys(res.body.data).sort()).toEqual(['_id', 'iconUrl', 'name', 'orgCode', 'orgId']);
    expect((await t.call('GET', '/api/organizations/by-org-code-public?orgcode=nope')).status).toBe(404);
    expect((await t.call('GET', '/api/organizations/by-org-code-public')).status).toBe(400);
  });
});

describe('[ORGS] orgId header', () => {
  it('lets members through and refuses non-members and unknown organisations', async () => {
    expect((await t.call('GET', '/api/users/organizations', { token: member, orgId })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: admin, orgId })).status).toBe(200);
    const outside = await t.call('GET', '/api/users/organizations', { token: outsider, orgId });
    expect(outside.status).toBe(403);
    expect(outside.body).toEqual({
      message: 'You are not a member of this organization.',
      errorCode: 'FORBIDDEN',
    });
    const unknown = await t.call('GET', '/api/auth/me', { token: member, orgId: 'a'.repeat(24) });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(outside.body);
    expect((await t.call('GET', '/api/auth/me', { token: member, orgId: 'not-an-id' })).status).toBe(403);
  });

  it("treats 'personal' and '' as the personal space, and reads the header case-insensitively", async () => {
    expect(
      (await t.call('GET', '/api/users/organizations', { token: outsider, orgId: 'personal' })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: outsider, headers: { orgId: '' } })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/auth/me', { token: outsider, headers: { ORGID: orgId } })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/auth/me', { token: member, headers: { orgid: orgId } })).status).toBe(
      200,
    );
  });
});
