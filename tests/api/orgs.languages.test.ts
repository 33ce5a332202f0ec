import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZSetDefaultLanguageResponse, ZUserDefaultLanguageResponse } from '../../src/shared/contract/orgs';
import { newSignedInUser } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let member: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  admin = (await newSignedInUser(t, 'admin@example.org')).token;
  member = (await newSignedInUser(t, 'member@example.org')).token;
  const org = (await t.call('POST', '/api/organizations', { token: admin, body: { name: 'Lang School' } }))
    .body.data;
  orgId = org.orgId;
  await t.call('POST', `/api/users/join-org?orgcode=${org.orgCode}`, { token: member });
});
afterAll(() => t.close());

const languages = (token: string) => t.call('GET', '/api/users/user-default-language', { token });
const setLanguage = (token: string, body: Record<string, string>) =>
  t.call('PUT', '/api/users/default-language', { token, body });

describe('[ORGS] default languages', () => {
  it('starts with no defaults', async () => {
    const res = await languages(member);
    expect(ZUserDefaultLanguageResponse.parse(res.body)).toEqual({
      personalSpace: { defaultLanguage: null },
      orgs: [{ id: orgId, defaultLanguage: null }],
      linkedWithGoogleSpreadSheet: false,
    });
    expect((await t.call('GET', '/api/users/user-default-language')).status).toBe(401);
  });

  it('sets the personal default for the user only', async () => {
    const res = await setLanguage(member, { language: 'th-TH' });
    expect(res.status).toBe(200);
    expect(ZSetDefaultLanguageResponse.parse(res.body).personalSpace.defaultLanguage).toBe('th-TH');
    expect((await languages(member)).body.personalSpace.defaultLanguage).toBe('th-TH');
    expect((await languages(admin)).body.personalSpace.defaultLanguage).toBeNull();
    expect((await t.call('GET', '/api/auth/me', { token: member })).body.user.defaultLanguage).toBe('th-TH');
    expect((await setLanguage(member, { language: 'zh-CN', orgId: 'personal' })).status).toBe(200);
    expect((await languages(member)).body.personalSpace.defaultLanguage).toBe('zh-CN');
  });

  it('lets an org admin set the org default, seen by every member', async () => {
    const res = await setLanguage(admin, { language: 'ms-MY', orgId });
    expect(res.status).toBe(200);
    expect((await languages(member)).body.orgs).toEqual([{ id: orgId, defaultLanguage: 'ms-MY' }]);
    expect((await languages(admin)).body.personalSpace.defaultLanguage).toBeNull();
  });

  it('refuses the org default to a member and to an outsider', async () => {
    const res = await setLanguage(member, { language: 'ms-MY', orgId });
    expect(res.status).toBe(403);
    expect((await languages(member)).body.orgs[0].defaultLanguage).toBeNull();
    const outsider = (await newSignedInUser(t, 'outsider@example.org')).token;
    expect((await setLanguage(outsider, { language: 'ms-MY', orgId })).status).toBe(403);
    expect((await setLanguage(outsider, { language: 'ms-MY', orgId: 'f'.repeat(24) })).status).toBe(403);
  });

  it('refuses unsupported languages with 400 naming the field', async () => {
    const res = await setLanguage(member, { language: 'fr-FR' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('language');
    expect((await setLanguage(member, {})).status).toBe(400);
  });

  it('takes the default language chosen when the organisation is created', async () => {
    const res = await t.call('POST', '/api/organizations', {
      token: admin,
      body: { name: 'Thai School', defaultLanguage: 'th-TH' },
    });
    expect(res.status).toBe(201);
    const orgs = (await languages(admin)).body.orgs;
    expect(orgs).toContainEqual({ id: res.body.data.orgId, defaultLanguage: 'th-TH' });
    const bad = await t.call('POST', '/api/organizations', {
      token: admin,
      body: { name: 'Other School', defaultLanguage: 'xx-XX' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('defaultLanguage');
  });
});
