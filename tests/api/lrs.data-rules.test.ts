import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
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

const PARENT = { id: 'https://flowlearn.test/course', definition: { name: { 'en-GB': 'Course' } } };
const GROUPING = { id: 'https://flowlearn.test/term' };

/** A statement whose context and sub-statement context each send single objects, not lists. */
function withSingleContextActivities(id: string) {
  const context = { contextActivities: { parent: PARENT, grouping: GROUPING } };
  const sub = statement({ context });
  delete sub.id;
  return statement({ id, context, object: { ...sub, objectType: 'SubStatement' } });
}

/** Every contextActivities found in the answer, with where it was. */
function contextActivitiesIn(value: unknown, path = ''): Array<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => contextActivitiesIn(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'contextActivities' ? [[`${path}.${k}`, v]] : contextActivitiesIn(v, `${path}.${k}`),
  );
}

function expectAllLists(answer: unknown, where: string, expected: number) {
  const found = contextActivitiesIn(answer);
  expect(found.length, where).toBe(expected);
  for (const [path, ca] of found)
    for (const [key, list] of Object.entries(ca))
      expect(Array.isArray(list), `${where} ${path}.${key}`).toBe(true);
}

describe('[LRS] contextActivities are always arrays', () => {
  it('a single object comes back as a one-element list in every format, query and sub-statement', async () => {
    const id = uuid();
    const sent = withSingleContextActivities(id);
    const put = await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: sent });
    expect(put.status, put.text).toBe(204);
    const posted = await lrs.call('POST', '/xapi/statements', {
      body: [withSingleContextActivities(uuid())],
    });
    expect(posted.status, posted.text).toBe(200);
    for (const format of ['exact', 'ids', 'canonical']) {
      const one = await lrs.call('GET', `/xapi/statements?statementId=${id}&format=${format}`);
      expect(one.status).toBe(200);
      expectAllLists(one.body, `statementId ${format}`, 2);
      const parent = one.body.object.context.contextActivities.parent;
      expect(parent, format).toHaveLength(1);
      expect(parent[0].id).toBe(PARENT.id);
      const query = await lrs.call(
        'GET',
        `/xapi/statements?format=${format}&activity=${encodeURIComponent(PARENT.id)}&related_activities=true`,
      );
      expectAllLists(query.body, `query ${format}`, 4);
    }
    const multipart = await lrs.call('GET', `/xapi/statements?statementId=${id}&attachments=true`);
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const json = multipart.text.slice(multipart.text.indexOf('{'), multipart.text.lastIndexOf('}') + 1);
    expectAllLists(JSON.parse(json), 'attachments=true', 2);
    // The same statement sent again (single objects) is the stored one, not a conflict.
    expect((await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: sent })).status).toBe(204);
  });

  it('migration 0035 lists the sub-statement context activities stored before the store did', async () => {
    const id = uuid();
    expect(
      (await lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: withSingleContextActivities(id) }))
        .status,
    ).toBe(204);
    // As the store wrote a sub-statement before: its single object kept as sent.
    await t.database.db.execute(sql`
      update lrs_statements
      set statement = jsonb_set(statement, '{object,context,contextActivities,parent}', ${JSON.stringify(PARENT)}::jsonb)
      where statement_id = ${id}`);
    const before = await lrs.call('GET', `/xapi/statements?statementId=${id}`);
    expect(Array.isArray(before.body.object.context.contextActivities.parent)).toBe(false);

    const migration = new URL(
      '../../src/server/db/migrations/0035_lrs_substatement_context_lists.sql',
      import.meta.url,
    );
    await t.database.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    const after = await lrs.call('GET', `/xapi/statements?statementId=${id}`);
    expect(after.body.object.context.contextActivities).toEqual({ parent: [PARENT], grouping: [GROUPING] });
    expect(after.body.context.contextActivities).toEqual({ parent: [PARENT], grouping: [GROUPING] });
  });
});

describe('[LRS] authority as a Group', () => {
  const agent = (n: number) => ({ objectType: 'Agent', mbox: `mailto:member${n}@school.test` });
  const oauth = { objectType: 'Group', member: [agent(1), agent(2)] };

  it('only an anonymous Group of exactly two Agents; otherwise 400 naming statement.authority', async () => {
    const cases: Array<[string, unknown, string]> = [
      [
        'identified',
        { ...oauth, mbox: 'mailto:team@school.test' },
        'statement.authority: a Group authority must be anonymous',
      ],
      [
        'one member',
        { objectType: 'Group', member: [agent(1)] },
        'statement.authority.member: a Group authority must have exactly two Agents, found 1',
      ],
      [
        'three members',
        { objectType: 'Group', member: [agent(1), agent(2), agent(3)] },
        'statement.authority.member: a Group authority must have exactly two Agents, found 3',
      ],
      ['no members', { objectType: 'Group', member: [] }, 'statement.authority.member'],
    ];
    for (const [name, authority, message] of cases) {
      for (const method of ['POST', 'PUT']) {
        const path = method === 'PUT' ? `/xapi/statements?statementId=${uuid()}` : '/xapi/statements';
        const res = await lrs.call(method, path, { body: statement({ authority }) });
        expect(res.status, `${name} ${method}`).toBe(400);
        expect(res.body.message, name).toContain(message);
      }
    }
    const batch = await lrs.call('POST', '/xapi/statements', {
      body: [statement(), statement({ authority: { objectType: 'Group', member: [agent(1)] } })],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toMatch(/^statements\[1\]\.authority\.member: /);
    expect((await lrs.call('GET', '/xapi/statements')).body.statements).toHaveLength(0);

    for (const authority of [oauth, agent(1)]) {
      const ok = await lrs.call('POST', '/xapi/statements', { body: statement({ authority }) });
      expect(ok.status, ok.text).toBe(200);
    }
  });
});

describe('[LRS] statement comparison ignores duration precision beyond 0.01 s', () => {
  it('the same statement re-sent with a finer or padded duration is the same; 0.01 s apart is a conflict', async () => {
    const id = uuid();
    const base = statement({ id });
    const withDuration = (duration: string) => ({ ...base, result: { completion: true, duration } });
    const put = (duration: string) =>
      lrs.call('PUT', `/xapi/statements?statementId=${id}`, { body: withDuration(duration) });
    expect((await put('PT1M2.2999S')).status).toBe(204);
    for (const same of ['PT1M2.29S', 'PT1M2.290S', 'PT1M02.2912S'])
      expect((await put(same)).status, same).toBe(204);
    for (const other of ['PT1M2.30S', 'PT1M2.28S', 'PT1M3.29S'])
      expect((await put(other)).status, other).toBe(409);
    // The stored statement keeps the duration as first sent.
    const got = await lrs.call('GET', `/xapi/statements?statementId=${id}`);
    expect(got.body.result.duration).toBe('PT1M2.2999S');
  });
});
