import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, uuid, type XapiClient } from './helpers/xapi';

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

const agent = encodeURIComponent(JSON.stringify({ objectType: 'Agent', mbox: 'mailto:ann@x.test' }));
const activity = encodeURIComponent('http://x.test/activities/quiz');
const RESOURCES = {
  state: (id?: string, extra = '') =>
    `/xapi/activities/state?activityId=${activity}&agent=${agent}${id ? `&stateId=${id}` : ''}${extra}`,
  'activity profile': (id?: string, extra = '') =>
    `/xapi/activities/profile?activityId=${activity}${id ? `&profileId=${id}` : ''}${extra}`,
  'agent profile': (id?: string, extra = '') =>
    `/xapi/agents/profile?agent=${agent}${id ? `&profileId=${id}` : ''}${extra}`,
};

describe('[LRS] documents', () => {
  for (const [name, path] of Object.entries(RESOURCES)) {
    it(`${name}: PUT, GET with ETag and Last-Modified, POST merges JSON, ids list, DELETE`, async () => {
      const put = await lrs.call('PUT', path('bookmark'), {
        body: { page: 3, done: false },
        headers: { 'If-None-Match': '*' },
      });
      expect(put.status, put.text).toBe(204);
      const got = await lrs.call('GET', path('bookmark'));
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ page: 3, done: false });
      expect(got.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
      expect(got.headers.get('last-modified')).toBeTruthy();
      expect(got.headers.get('content-type')).toMatch(/application\/json/);

      expect((await lrs.call('POST', path('bookmark'), { body: { done: true, score: 7 } })).status).toBe(204);
      expect((await lrs.call('GET', path('bookmark'))).body).toEqual({ page: 3, done: true, score: 7 });

      await lrs.call('PUT', path('notes'), {
        raw: 'plain text',
        headers: { 'Content-Type': 'text/plain', 'If-None-Match': '*' },
      });
      const text = await lrs.call('GET', path('notes'));
      expect(text.text).toBe('plain text');
      expect(text.headers.get('content-type')).toBe('text/plain');
      // Merging needs JSON on both sides.
      expect((await lrs.call('POST', path('notes'), { body: { a: 1 } })).status).toBe(400);

      const list = await lrs.call('GET', path());
      expect(list.body.sort()).toEqual(['bookmark', 'notes']);
      const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
      expect((await lrs.call('GET', path(undefined, `&since=${future}`))).body).toEqual([]);

      expect((await lrs.call('DELETE', path('notes'))).status).toBe(204);
      expect((await lrs.call('GET', path('notes'))).status).toBe(404);
    });

    it(`${name}: If-Match and If-None-Match; a PUT over an existing document without them is 409`, async () => {
      await lrs.call('PUT', path('doc'), { body: { v: 1 }, headers: { 'If-None-Match': '*' } });
      const etag = (await lrs.call('GET', path('doc'))).headers.get('etag') ?? '';
      expect(
        (await lrs.call('PUT', path('doc'), { body: { v: 2 }, headers: { 'If-Match': '"1234"' } })).status,
      ).toBe(412);
      expect(
        (await lrs.call('PUT', path('doc'), { body: { v: 2 }, headers: { 'If-None-Match': '*' } })).status,
      ).toBe(412);
      const noHeader = await lrs.call('PUT', path('doc'), { body: { v: 2 } });
      expect(noHeader.status).toBe(409);
      expect(noHeader.body.message).toMatch(/If-Match/);
      expect(
        (await lrs.call('POST', path('doc'), { body: { v: 2 }, headers: { 'If-Match': '"1234"' } })).status,
      ).toBe(412);
      expect((await lrs.call('DELETE', path('doc'), { headers: { 'If-Match': '"1234"' } })).status).toBe(412);
      expect((await lrs.call('GET', path('doc'))).body).toEqual({ v: 1 });
      expect(
        (await lrs.call('PUT', path('doc'), { body: { v: 2 }, headers: { 'If-Match': etag } })).status,
      ).toBe(204);
      expect((await lrs.call('GET', path('doc'))).body).toEqual({ v: 2 });
    });
  }

  it('state under xAPI 1.0.x may be overwritten without concurrency headers (content written for 1.0 does so)', async () => {
    await lrs.call('PUT', RESOURCES.state('resume'), { body: { at: 1 }, version: '1.0.3' });
    expect(
      (await lrs.call('PUT', RESOURCES.state('resume'), { body: { at: 2 }, version: '1.0.3' })).status,
    ).toBe(204);
    expect((await lrs.call('GET', RESOURCES.state('resume'), { version: '1.0.3' })).body).toEqual({ at: 2 });
  });

  it('state: registration keeps documents apart; DELETE without stateId clears them all', async () => {
    const reg = uuid();
    await lrs.call('PUT', RESOURCES.state('a', `&registration=${reg}`), {
      body: { r: 1 },
      headers: { 'If-None-Match': '*' },
    });
    await lrs.call('PUT', RESOURCES.state('a'), { body: { r: 0 }, headers: { 'If-None-Match': '*' } });
    expect((await lrs.call('GET', RESOURCES.state('a', `&registration=${reg}`))).body).toEqual({ r: 1 });
    expect((await lrs.call('GET', RESOURCES.state('a'))).body).toEqual({ r: 0 });
    expect((await lrs.call('DELETE', RESOURCES.state(undefined, `&registration=${reg}`))).status).toBe(204);
    expect((await lrs.call('GET', RESOURCES.state('a', `&registration=${reg}`))).status).toBe(404);
    expect((await lrs.call('GET', RESOURCES.state('a'))).status).toBe(200);
  });

  it('refuses missing and malformed parameters with 400', async () => {
    for (const bad of [
      `/xapi/activities/state?agent=${agent}&stateId=a`,
      `/xapi/activities/state?activityId=${activity}&stateId=a`,
      `/xapi/activities/state?activityId=not-an-iri&agent=${agent}&stateId=a`,
      `/xapi/activities/state?activityId=${activity}&agent=%7B&stateId=a`,
      `/xapi/activities/state?activityId=${activity}&agent=${agent}&registration=x&stateId=a`,
      `/xapi/activities/state?activityId=${activity}&agent=${agent}&stateId=a&extra=1`,
      `/xapi/agents/profile?agent=${encodeURIComponent('{"objectType":"Group","member":[{"mbox":"mailto:a@b.c"}]}')}&profileId=a`,
      // NUL anywhere in a parameter (PostgreSQL would refuse it): 400, never 500.
      `/xapi/activities/state?activityId=${activity}&agent=${agent}&stateId=a%00b`,
      `/xapi/activities/state?activityId=http%3A%2F%2Fx.test%2F%00&agent=${agent}&stateId=a`,
      `/xapi/agents/profile?agent=${encodeURIComponent('{"mbox":"mailto:a\u0000@b.c"}')}&profileId=a`,
    ]) {
      expect((await lrs.call('GET', bad)).status, bad).toBe(400);
    }
    expect((await lrs.call('PUT', RESOURCES['activity profile'](), { body: { a: 1 } })).status).toBe(400);
    expect((await lrs.call('PUT', RESOURCES.state('a%00'), { body: { a: 1 } })).status).toBe(400);
  });

  it('activities and agents resources', async () => {
    await lrs.call('POST', '/xapi/statements', {
      body: {
        actor: { mbox: 'mailto:ann@x.test', name: 'Ann' },
        verb: { id: 'http://x.test/v' },
        object: {
          id: 'http://x.test/activities/quiz',
          definition: { name: { 'en-GB': 'Quiz' }, type: 'http://x.test/t' },
        },
      },
    });
    await lrs.call('POST', '/xapi/statements', {
      body: {
        actor: { mbox: 'mailto:ann@x.test' },
        verb: { id: 'http://x.test/v' },
        object: { id: 'http://x.test/activities/quiz', definition: { name: { 'th-TH': 'แบบทดสอบ' } } },
      },
    });
    const act = await lrs.call('GET', `/xapi/activities?activityId=${activity}`);
    expect(act.body).toEqual({
      objectType: 'Activity',
      id: 'http://x.test/activities/quiz',
      definition: { name: { 'en-GB': 'Quiz', 'th-TH': 'แบบทดสอบ' }, type: 'http://x.test/t' },
    });
    const unknown = await lrs.call(
      'GET',
      `/xapi/activities?activityId=${encodeURIComponent('http://x.test/none')}`,
    );
    expect(unknown.body).toEqual({ objectType: 'Activity', id: 'http://x.test/none' });
    const person = await lrs.call('GET', `/xapi/agents?agent=${agent}`);
    expect(person.body).toEqual({ objectType: 'Person', name: ['Ann'], mbox: ['mailto:ann@x.test'] });
    expect((await lrs.call('GET', '/xapi/agents')).status).toBe(400);
  });
});
