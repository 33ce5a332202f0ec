import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { makeOrg, makeUser } from './helpers/users';
import { createLrsTestApp, statement, uuid, xapiClient } from './helpers/xapi';

let t: TestApp;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(() => t.reset());

async function world() {
  const admin = await makeUser(t, 'head@school.test', 'Hana Head');
  const member = await makeUser(t, 'member@school.test');
  const outsider = await makeUser(t, 'out@elsewhere.test');
  const org = await makeOrg(t, 'School', admin, [member]);
  const otherOrg = await makeOrg(t, 'Elsewhere', outsider);
  return { admin, member, outsider, org, otherOrg };
}

describe('[LRS] credentials routes', () => {
  it('an organisation admin creates, lists (no secret) and revokes keys; a revoked key stops working', async () => {
    const w = await world();
    const created = await t.call('POST', '/api/lrs/credentials', {
      token: w.admin.token,
      orgId: w.org,
      body: { name: ' H5P ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'H5P', endpoint: 'http://localhost/xapi/' });
    expect(created.body.key).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body.secret.length).toBeGreaterThanOrEqual(32);
    const list = await t.call('GET', '/api/lrs/credentials', { token: w.admin.token, orgId: w.org });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { key: created.body.key, name: 'H5P', createdAt: created.body.createdAt },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

    const auth = `Basic ${Buffer.from(`${created.body.key}:${created.body.secret}`).toString('base64')}`;
    const headers = { Authorization: auth, 'X-Experience-API-Version': '2.0.0' };
    expect((await t.app.request('/xapi/statements', { headers })).status).toBe(200);
    const revoked = await t.call('DELETE', `/api/lrs/credentials/${created.body.key}`, {
      token: w.admin.token,
      orgId: w.org,
    });
    expect(revoked.status).toBe(200);
    expect((await t.app.request('/xapi/statements', { headers })).status).toBe(401);
    expect(
      (await t.call('GET', '/api/lrs/credentials', { token: w.admin.token, orgId: w.org })).body.data,
    ).toEqual([]);
  });

  it('who may call: members 403, another organisation 403, signed out 401, personal space its user', async () => {
    const w = await world();
    const body = { name: 'Key' };
    expect(
      (await t.call('POST', '/api/lrs/credentials', { token: w.member.token, orgId: w.org, body })).status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/api/lrs/credentials', { token: w.member.token, orgId: w.org })).status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/api/lrs/credentials', { token: w.outsider.token, orgId: w.org })).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/lrs/credentials', { orgId: w.org })).status).toBe(401);
    expect((await t.call('POST', '/api/lrs/credentials', { token: w.member.token, body })).status).toBe(201);
    // The member's personal keys are not the organisation's.
    expect(
      (await t.call('GET', '/api/lrs/credentials', { token: w.admin.token, orgId: w.org })).body.data,
    ).toEqual([]);
  });

  it('bad input is 400 naming the field; another space key is 404', async () => {
    const w = await world();
    for (const name of ['', '   ', 'a\u0000b', 'x'.repeat(101)]) {
      const res = await t.call('POST', '/api/lrs/credentials', { token: w.admin.token, body: { name } });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toMatch(/^name/);
    }
    expect(
      (await t.call('POST', '/api/lrs/credentials', { token: w.admin.token, body: { name: 5 } })).status,
    ).toBe(400);
    expect((await t.call('DELETE', '/api/lrs/credentials/nothex', { token: w.admin.token })).status).toBe(
      400,
    );
    const orgKey = await t.call('POST', '/api/lrs/credentials', {
      token: w.admin.token,
      orgId: w.org,
      body: { name: 'K' },
    });
    const fromPersonal = await t.call('DELETE', `/api/lrs/credentials/${orgKey.body.key}`, {
      token: w.admin.token,
    });
    expect(fromPersonal.status).toBe(404);
    const fromOther = await t.call('DELETE', `/api/lrs/credentials/${orgKey.body.key}`, {
      token: w.outsider.token,
      orgId: w.otherOrg,
    });
    expect(fromOther.status).toBe(404);
  });
});

describe('[LRS] isolation between spaces', () => {
  it("a key of one space never reads, lists, voids or touches documents of another space's", async () => {
    const w = await world();
    const school = await xapiClient(t, w.admin, w.org);
    const personal = await xapiClient(t, w.admin);
    const other = await xapiClient(t, w.outsider, w.otherOrg);
    const id = uuid();
    expect(
      (await school.call('PUT', `/xapi/statements?statementId=${id}`, { body: statement() })).status,
    ).toBe(204);

    for (const stranger of [personal, other]) {
      expect((await stranger.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(404);
      expect((await stranger.call('GET', '/xapi/statements')).body.statements).toEqual([]);
      // Voiding from another space stores a voiding statement there and leaves the original alone.
      const voiding = statement({
        verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
        object: { objectType: 'StatementRef', id },
      });
      expect((await stranger.call('POST', '/xapi/statements', { body: voiding })).status).toBe(200);
      // The same id in another space is that space's own statement, not a conflict.
      expect(
        (await stranger.call('PUT', `/xapi/statements?statementId=${id}`, { body: statement() })).status,
      ).toBe(204);
    }
    expect((await school.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(200);
    expect((await school.call('GET', '/xapi/statements')).body.statements).toHaveLength(1);

    const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:ann@x.test' }));
    const state = `/xapi/activities/state?activityId=${encodeURIComponent('http://x.test/a')}&agent=${agent}&stateId=s`;
    await school.call('PUT', state, { body: { secret: 1 }, headers: { 'If-None-Match': '*' } });
    expect((await other.call('GET', state)).status).toBe(404);
    expect((await other.call('DELETE', state)).status).toBe(204);
    expect((await school.call('GET', state)).body).toEqual({ secret: 1 });
    const profile = `/xapi/activities/profile?activityId=${encodeURIComponent('http://x.test/a')}`;
    await school.call('PUT', `${profile}&profileId=p`, { body: { p: 1 }, headers: { 'If-None-Match': '*' } });
    expect((await other.call('GET', profile)).body).toEqual([]);
  });
});
