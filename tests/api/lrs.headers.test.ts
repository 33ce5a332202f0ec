import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, uuid, type XapiClient } from './helpers/xapi';

let t: TestApp;
let lrs: XapiClient;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  lrs = (await lrsWorld(t)).org;
});

const VOIDED = 'http://adlnet.gov/expapi/verbs/voided';
const CONSISTENT = 'x-experience-api-consistent-through';

describe('[LRS] X-Experience-API-Consistent-Through', () => {
  it('is on every statements answer: reads, writes, the voided statement, 400, 404, 401 and 405', async () => {
    const id = uuid();
    await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: statement() });
    const voiding = statement({ verb: { id: VOIDED }, object: { objectType: 'StatementRef', id } });
    const answers = {
      post: await lrs.call('POST', '/xapi/statements', { body: voiding }),
      put: await lrs.call('PUT', `/xapi/statements?statementId=${uuid()}`, { body: statement() }),
      query: await lrs.call('GET', '/xapi/statements'),
      head: await lrs.call('HEAD', '/xapi/statements'),
      voided: await lrs.call('GET', `/xapi/statements?voidedStatementId=${id}`),
      bothIds: await lrs.call('GET', `/xapi/statements?statementId=${id}&voidedStatementId=${id}`),
      idWithFilter: await lrs.call('GET', `/xapi/statements?statementId=${id}&verb=${VOIDED}`),
      badBody: await lrs.call('POST', '/xapi/statements', {
        raw: '{',
        headers: { 'Content-Type': 'application/json' },
      }),
      missing: await lrs.call('GET', `/xapi/statements?statementId=${uuid()}`),
      noVersion: await lrs.call('GET', '/xapi/statements', { version: null }),
      method: await lrs.call('DELETE', '/xapi/statements'),
      unauthenticated: {
        status: 401,
        headers: (
          await t.app.request('/xapi/statements', { headers: { 'X-Experience-API-Version': '2.0.0' } })
        ).headers,
      },
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status]));
    expect(statuses).toEqual({
      post: 200,
      put: 204,
      query: 200,
      head: 200,
      voided: 200,
      bothIds: 400,
      idWithFilter: 400,
      badBody: 400,
      missing: 404,
      noVersion: 400,
      method: 405,
      unauthenticated: 401,
    });
    const before = Date.now() - 60_000;
    for (const [name, a] of Object.entries(answers)) {
      const value = a.headers.get(CONSISTENT);
      expect(value, name).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(Date.parse(value ?? ''), name).toBeGreaterThan(before);
    }
    // Other resources do not claim it: it speaks of statements only.
    expect((await lrs.call('GET', '/xapi/about')).headers.get(CONSISTENT)).toBeNull();
  });
});

describe('[LRS] X-Experience-API-Version on every resource', () => {
  const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:ann@school.test' }));
  const activity = encodeURIComponent('https://flowlearn.test/a');
  const resources = [
    '/xapi/statements',
    `/xapi/activities?activityId=${activity}`,
    `/xapi/agents?agent=${agent}`,
    `/xapi/activities/state?activityId=${activity}&agent=${agent}&stateId=s`,
    `/xapi/activities/profile?activityId=${activity}&profileId=p`,
    `/xapi/agents/profile?agent=${agent}&profileId=p`,
    '/xapi/nothing',
    '/xapi/',
  ];

  it('without the header every resource but about is 400 naming the header, answered as 2.0.0', async () => {
    for (const path of resources) {
      for (const version of [null, '3.0.0', '1.0abc']) {
        const res = await lrs.call('GET', path, { version });
        expect(res.status, `${path} ${version}`).toBe(400);
        expect(res.body.message, path).toMatch(/^X-Experience-API-Version: /);
        expect(res.headers.get('x-experience-api-version'), `${path} ${version}`).toBe('2.0.0');
      }
    }
    const about = await t.app.request('/xapi/about');
    expect(about.status).toBe(200);
    expect(about.headers.get('x-experience-api-version')).toBe('2.0.0');
  });

  it('every other answer, errors included, names the version of its request', async () => {
    for (const [sent, answered] of [
      ['1.0.0', '1.0.3'],
      ['1.0.3', '1.0.3'],
      ['2.0.0', '2.0.0'],
    ]) {
      for (const path of [...resources, '/xapi/about', '/xapi/statements?limit=x']) {
        const res = await lrs.call('GET', path, { version: sent });
        expect(res.headers.get('x-experience-api-version'), `${path} ${sent} → ${res.status}`).toBe(answered);
      }
      const unauthenticated = await t.app.request('/xapi/statements', {
        headers: { 'X-Experience-API-Version': sent },
      });
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers.get('x-experience-api-version')).toBe(answered);
    }
  });

  it('the alternate request syntax is answered in the version its form names, refusals included', async () => {
    const form = (fields: Record<string, string>) =>
      t.app.request('/xapi/statements?method=GET', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ 'X-Experience-API-Version': '1.0.3', ...fields }).toString(),
      });
    const ok = await form({ Authorization: lrs.auth });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-experience-api-version')).toBe('1.0.3');
    const refused = await form({ Authorization: 'Basic bm86bm8=' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-experience-api-version')).toBe('1.0.3');
    expect(refused.headers.get(CONSISTENT)).not.toBeNull();
  });
});

describe('[LRS] document PUT concurrency per version', () => {
  const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:ann@school.test' }));
  const activity = encodeURIComponent('https://flowlearn.test/a');
  const paths = {
    activityProfile: (id: string) => `/xapi/activities/profile?activityId=${activity}&profileId=${id}`,
    agentProfile: (id: string) => `/xapi/agents/profile?agent=${agent}&profileId=${id}`,
    state: (id: string) => `/xapi/activities/state?activityId=${activity}&agent=${agent}&stateId=${id}`,
  };

  it('a PUT without If-Match/If-None-Match over an existing profile is 409 in 1.0.3 and 2.0, state in 2.0 only', async () => {
    const expected: Record<string, Record<string, number>> = {
      '1.0.3': { activityProfile: 409, agentProfile: 409, state: 204 },
      '2.0.0': { activityProfile: 409, agentProfile: 409, state: 409 },
    };
    for (const [version, byResource] of Object.entries(expected)) {
      for (const [resource, status] of Object.entries(byResource)) {
        const path = paths[resource as keyof typeof paths](`doc-${version}`);
        const created = await lrs.call('PUT', path, { body: { v: 1 }, version });
        expect(created.status, `${version} ${resource} create`).toBe(204);
        const again = await lrs.call('PUT', path, { body: { v: 2 }, version });
        expect(again.status, `${version} ${resource}`).toBe(status);
        expect(again.headers.get('x-experience-api-version')).toBe(version);
        const kept = await lrs.call('GET', path, { version });
        expect(kept.body, `${version} ${resource}`).toEqual({ v: status === 409 ? 1 : 2 });
      }
    }
  });
});
