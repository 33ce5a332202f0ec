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

describe('[LRS] statements: write', () => {
  it('POST one or a batch answers the ids in order; PUT with statementId answers 204', async () => {
    const given = uuid();
    const post = await lrs.call('POST', '/xapi/statements', {
      body: [statement({ id: given }), statement()],
    });
    expect(post.status, post.text).toBe(200);
    expect(post.body).toHaveLength(2);
    expect(post.body[0]).toBe(given);
    const id = uuid();
    const put = await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: statement() });
    expect(put.status, put.text).toBe(204);
    const got = await lrs.call('GET', `/xapi/statements?statementId=${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id, version: '2.0.0', authority: { objectType: 'Agent' } });
    expect(got.body.stored).toBe(got.body.timestamp);
    expect(got.headers.get('last-modified')).toBeTruthy();
    expect(got.headers.get('x-experience-api-consistent-through')).toMatch(/^\d{4}-/);
  });

  it('PUT needs statementId; an id in the body must match it', async () => {
    expect((await lrs.call('PUT', '/xapi/statements', { body: statement() })).status).toBe(400);
    const res = await lrs.call('PUT', `/xapi/statements?statementId=${uuid()}`, {
      body: statement({ id: uuid() }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/differs from the statementId/);
  });

  it('re-sending an identical statement is a no-op; a different one with the same id is 409 and changes nothing', async () => {
    const id = uuid();
    const s = statement({ id, timestamp: '2026-01-01T10:00:00+02:00' });
    expect((await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: s })).status).toBe(204);
    // The same instant written another way is the same statement.
    const same = { ...s, timestamp: '2026-01-01T08:00:00.000Z', id: id.toUpperCase() };
    expect((await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: same })).status).toBe(204);
    expect((await lrs.call('POST', '/xapi/statements', { body: s })).status).toBe(200);
    const other = await lrs.call('PUT', `/xapi/statements?statementId=${id}`, {
      body: { ...s, verb: { id: 'http://adlnet.gov/expapi/verbs/failed' } },
    });
    expect(other.status).toBe(409);
    const got = await lrs.call('GET', `/xapi/statements?statementId=${id}`);
    expect(got.body.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
  });

  it('a batch is all or nothing: one bad statement stores none, a duplicated id is refused', async () => {
    const ok = statement({ id: uuid() });
    const bad = await lrs.call('POST', '/xapi/statements', {
      body: [ok, statement({ verb: { id: 'nope' } })],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^statements\[1\]\.verb\.id/);
    expect((await lrs.call('GET', `/xapi/statements?statementId=${ok.id}`)).status).toBe(404);
    const dup = await lrs.call('POST', '/xapi/statements', { body: [ok, { ...statement(), id: ok.id }] });
    expect(dup.status).toBe(400);
  });

  it('stores 100 statements in one request', async () => {
    const batch = Array.from({ length: 100 }, () => statement());
    const res = await lrs.call('POST', '/xapi/statements', { body: batch });
    expect(res.status).toBe(200);
    expect(new Set(res.body).size).toBe(100);
    const page = await lrs.call('GET', '/xapi/statements?limit=0');
    expect(page.body.statements).toHaveLength(100);
  });

  it('bad bodies answer 400 with a message: not JSON, wrong type, null property', async () => {
    const notJson = await lrs.call('POST', '/xapi/statements', {
      raw: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await lrs.call('POST', '/xapi/statements', { body: 'text' })).status).toBe(400);
    const nul = await lrs.call('POST', '/xapi/statements', {
      body: statement({ result: { response: 'a\u0000' } }),
    });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/statement\.result\.response/);
    expect((await lrs.call('POST', '/xapi/statements', { body: statement({ context: null }) })).status).toBe(
      400,
    );
  });
});

describe('[LRS] statements: voiding', () => {
  it('a voided statement leaves queries and statementId, stays readable by voidedStatementId', async () => {
    const id = uuid();
    await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: statement() });
    const voiding = statement({ verb: { id: VOIDED }, object: { objectType: 'StatementRef', id } });
    const [voidingId] = (await lrs.call('POST', '/xapi/statements', { body: voiding })).body;
    expect((await lrs.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(404);
    const voided = await lrs.call('GET', `/xapi/statements?voidedStatementId=${id}`);
    expect(voided.status).toBe(200);
    expect(voided.body.id).toBe(id);
    const all = await lrs.call('GET', '/xapi/statements');
    expect(all.body.statements.map((s: { id: string }) => s.id)).toEqual([voidingId]);
    // The voiding statement itself cannot be voided.
    await lrs.call('POST', '/xapi/statements', {
      body: statement({ verb: { id: VOIDED }, object: { objectType: 'StatementRef', id: voidingId } }),
    });
    expect((await lrs.call('GET', `/xapi/statements?statementId=${voidingId}`)).status).toBe(200);
  });

  it('a voiding statement that arrives before its target voids it on arrival', async () => {
    const id = uuid();
    await lrs.call('POST', '/xapi/statements', {
      body: statement({ verb: { id: VOIDED }, object: { objectType: 'StatementRef', id } }),
    });
    await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: statement() });
    expect((await lrs.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(404);
    expect((await lrs.call('GET', `/xapi/statements?voidedStatementId=${id}`)).status).toBe(200);
  });
});

describe('[LRS] statements: query parameters', () => {
  const ids = (res: { body: { statements: Array<{ id: string }> } }) => res.body.statements.map((s) => s.id);
  const q = (params: Record<string, string>) => `/xapi/statements?${new URLSearchParams(params)}`;

  it('verb, activity (and related_activities), agent (and related_agents), registration', async () => {
    const reg = uuid();
    const ann = { mbox: 'mailto:ann@x.test' };
    const a = statement({
      id: uuid(),
      actor: ann,
      verb: { id: 'http://x.test/v/read' },
      object: { id: 'http://x.test/a/1' },
    });
    const b = statement({
      id: uuid(),
      context: {
        registration: reg,
        instructor: ann,
        contextActivities: { parent: [{ id: 'http://x.test/a/1' }] },
      },
    });
    const c = statement({ id: uuid(), object: { objectType: 'Agent', ...ann } });
    await lrs.call('POST', '/xapi/statements', { body: [a, b, c] });
    expect(ids(await lrs.call('GET', q({ verb: 'http://x.test/v/read' })))).toEqual([a.id]);
    expect(ids(await lrs.call('GET', q({ activity: 'http://x.test/a/1' })))).toEqual([a.id]);
    expect(
      ids(await lrs.call('GET', q({ activity: 'http://x.test/a/1', related_activities: 'true' }))).sort(),
    ).toEqual([a.id, b.id].sort());
    const agent = JSON.stringify(ann);
    expect(ids(await lrs.call('GET', q({ agent }))).sort()).toEqual([a.id, c.id].sort());
    expect(ids(await lrs.call('GET', q({ agent, related_agents: 'true' }))).sort()).toEqual(
      [a.id, b.id, c.id].sort(),
    );
    expect(ids(await lrs.call('GET', q({ registration: reg })))).toEqual([b.id]);
  });

  it('statements that refer to a matching statement are returned with it', async () => {
    const target = statement({ id: uuid(), verb: { id: 'http://x.test/v/special' } });
    const ref = statement({ id: uuid(), object: { objectType: 'StatementRef', id: target.id } });
    await lrs.call('POST', '/xapi/statements', { body: [target, ref, statement()] });
    expect(ids(await lrs.call('GET', q({ verb: 'http://x.test/v/special' }))).sort()).toEqual(
      [target.id, ref.id].sort(),
    );
  });

  it('since/until on stored, limit with a more link, ascending order', async () => {
    for (let i = 0; i < 3; i++) {
      await lrs.call('POST', '/xapi/statements', {
        body: [statement({ id: uuid() }), statement({ id: uuid() })],
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    const all = await lrs.call('GET', q({}));
    expect(all.body.statements).toHaveLength(6);
    expect(all.body.more).toBe('');
    const stored = all.body.statements.map((s: { stored: string }) => s.stored);
    expect([...stored].sort().reverse()).toEqual(stored);
    const middle = stored[2];
    expect(ids(await lrs.call('GET', q({ since: middle }))).length).toBe(2);
    expect(ids(await lrs.call('GET', q({ until: middle }))).length).toBe(4);
    const asc = await lrs.call('GET', q({ ascending: 'true' }));
    expect(ids(asc)).toEqual([...ids(all)].reverse());
    // Paging with limit=4: the more link continues with the same filters and order.
    const first = await lrs.call('GET', q({ limit: '4', ascending: 'true' }));
    expect(first.body.more).toMatch(/^\/xapi\/statements\?more=/);
    const second = await lrs.call('GET', first.body.more);
    expect(second.status).toBe(200);
    expect([...ids(first), ...ids(second)]).toEqual(ids(asc));
    expect(second.body.more).toBe('');
  });

  it('format=ids and canonical; Accept-Language picks the language', async () => {
    const id = uuid();
    await lrs.call('POST', '/xapi/statements', {
      body: statement({
        id,
        verb: { id: 'http://x.test/v', display: { 'en-GB': 'did', 'th-TH': 'ทำ' } },
        object: { id: 'http://x.test/a', definition: { name: { 'en-GB': 'Lesson', 'th-TH': 'บทเรียน' } } },
      }),
    });
    const idsOnly = await lrs.call('GET', `/xapi/statements?statementId=${id}&format=ids`);
    expect(idsOnly.body.verb).toEqual({ id: 'http://x.test/v' });
    expect(idsOnly.body.object).toEqual({ id: 'http://x.test/a' });
    expect(idsOnly.body.actor.name).toBeUndefined();
    const canonical = await lrs.call('GET', `/xapi/statements?statementId=${id}&format=canonical`, {
      headers: { 'Accept-Language': 'th-TH, en;q=0.5' },
    });
    expect(canonical.body.verb.display).toEqual({ 'th-TH': 'ทำ' });
    expect(canonical.body.object.definition.name).toEqual({ 'th-TH': 'บทเรียน' });
  });

  it('refuses unknown or malformed parameters and mixes', async () => {
    for (const bad of [
      'verb=x&Verb=y',
      'unknown=1',
      'limit=-1',
      'limit=abc',
      'format=full',
      'ascending=yes',
      'since=yesterday',
      'registration=abc',
      'agent=%7B',
      `agent=${encodeURIComponent('{"name":"x"}')}`,
      `statementId=${uuid()}&verb=http://x.test/v`,
      `statementId=${uuid()}&voidedStatementId=${uuid()}`,
      'statementId=abc',
      'more=abc',
    ]) {
      const res = await lrs.call('GET', `/xapi/statements?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(typeof res.body.message, bad).toBe('string');
      expect(res.headers.get('x-experience-api-version')).toBe('2.0.0');
    }
    expect((await lrs.call('GET', `/xapi/statements?statementId=${uuid()}`)).status).toBe(404);
  });
});

describe('[LRS] versions, about, errors and CORS', () => {
  it('the version header is required (except on about) and answered in kind', async () => {
    const none = await lrs.call('GET', '/xapi/statements', { version: null });
    expect(none.status).toBe(400);
    expect(none.headers.get('x-experience-api-version')).toBe('2.0.0');
    expect((await lrs.call('GET', '/xapi/statements', { version: '0.95' })).status).toBe(400);
    const old = await lrs.call('GET', '/xapi/statements', { version: '1.0.3' });
    expect(old.status).toBe(200);
    expect(old.headers.get('x-experience-api-version')).toBe('1.0.3');
    const posted = await lrs.call('POST', '/xapi/statements', { body: statement(), version: '1.0.1' });
    const got = await lrs.call('GET', `/xapi/statements?statementId=${posted.body[0]}`, { version: '1.0.3' });
    expect(got.body.version).toBe('1.0.0');
    const about = await t.app.request('/xapi/about');
    expect(about.status).toBe(200);
    expect((await about.json()).version).toEqual(['1.0.0', '1.0.1', '1.0.2', '1.0.3', '2.0.0']);
  });

  it('wrong or missing credentials are 401 with a JSON message', async () => {
    const res = await t.app.request('/xapi/statements', { headers: { 'X-Experience-API-Version': '2.0.0' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await res.json()).message).toMatch(/credentials/);
    const wrong = await t.app.request('/xapi/statements', {
      headers: {
        'X-Experience-API-Version': '2.0.0',
        Authorization: `Basic ${Buffer.from(`${lrs.key}:nope`).toString('base64')}`,
      },
    });
    expect(wrong.status).toBe(401);
  });

  it('HEAD answers like GET without a body; unknown resources and methods are JSON errors', async () => {
    const head = await lrs.call('HEAD', '/xapi/statements');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect((await lrs.call('GET', '/xapi/nothing')).status).toBe(404);
    expect((await lrs.call('DELETE', '/xapi/statements')).status).toBe(405);
  });

  it('CORS: a preflight from another origin is allowed, answers expose the xAPI headers', async () => {
    const pre = await t.app.request('/xapi/statements', {
      method: 'OPTIONS',
      headers: { Origin: 'https://content.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://content.example');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/X-Experience-API-Version/);
    const res = await lrs.call('GET', '/xapi/statements', { headers: { Origin: 'https://content.example' } });
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Experience-API-Consistent-Through/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('xAPI 1.0.x alternate request syntax works; 2.0 refuses it', async () => {
    const id = uuid();
    const form = new URLSearchParams({
      statementId: id,
      content: JSON.stringify(statement()),
      Authorization: lrs.auth,
      'X-Experience-API-Version': '1.0.3',
      'Content-Type': 'application/json',
    });
    const res = await t.app.request('/xapi/statements?method=PUT', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status, await res.clone().text()).toBe(204);
    expect((await lrs.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(200);
    const v2 = await lrs.call('POST', '/xapi/statements?method=GET', {
      raw: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(v2.status).toBe(400);
  });
});
