import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retentionCutoff, sweepRetention } from '../../src/server/lrs/retention';
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
  await makeOrg(t, 'Elsewhere', outsider);
  return { admin, member, outsider, org };
}

/** Moves statements' `stored` back, as if they had been stored that long ago. */
async function storedAgo(ids: string[], days: number) {
  const when = new Date(Date.now() - days * 86_400_000).toISOString();
  await t.database.db.execute(sql`update lrs_statements set stored = ${when}::timestamptz
    where statement_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
}

describe('[LRS] retention per space', () => {
  it('is off by default; the organisation admin sets and clears it; members and other spaces are refused', async () => {
    const w = await world();
    const get = (token: string, orgId?: string) => t.call('GET', '/api/lrs/retention', { token, orgId });
    const put = (token: string, body: unknown, orgId?: string) =>
      t.call('PUT', '/api/lrs/retention', { token, orgId, body });

    expect(await get(w.admin.token, w.org)).toMatchObject({ status: 200, body: { months: null } });
    expect(await put(w.admin.token, { months: 24 }, w.org)).toMatchObject({
      status: 200,
      body: { months: 24 },
    });
    expect((await get(w.admin.token, w.org)).body).toEqual({ months: 24 });
    // The admin's personal space is a space of its own, still off.
    expect((await get(w.admin.token)).body).toEqual({ months: null });

    expect((await put(w.member.token, { months: 1 }, w.org)).status).toBe(403);
    expect((await get(w.member.token, w.org)).status).toBe(403);
    expect((await put(w.outsider.token, { months: 1 }, w.org)).status).toBe(403);
    expect((await get(w.outsider.token, w.org)).status).toBe(403);
    expect((await t.call('GET', '/api/lrs/retention', { orgId: w.org })).status).toBe(401);
    expect((await get(w.admin.token, w.org)).body).toEqual({ months: 24 });

    expect(await put(w.admin.token, { months: null }, w.org)).toMatchObject({
      status: 200,
      body: { months: null },
    });
    expect((await get(w.admin.token, w.org)).body).toEqual({ months: null });
  });

  it('bad input is 400 naming the field', async () => {
    const w = await world();
    for (const body of [{ months: 0 }, { months: 1.5 }, { months: '12' }, { months: 1201 }, {}]) {
      const res = await t.call('PUT', '/api/lrs/retention', { token: w.admin.token, orgId: w.org, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain('months');
    }
  });

  it('the sweep deletes only statements stored longer ago than the space keeps them', async () => {
    const w = await world();
    const school = await xapiClient(t, w.admin, w.org);
    const personal = await xapiClient(t, w.admin);
    const old = [uuid(), uuid(), uuid()];
    const recent = uuid();
    const personalOld = uuid();
    expect(
      (await school.call('POST', '/xapi/statements', { body: old.map((id) => statement({ id })) })).status,
    ).toBe(200);
    expect((await school.call('POST', '/xapi/statements', { body: statement({ id: recent }) })).status).toBe(
      200,
    );
    expect(
      (await personal.call('POST', '/xapi/statements', { body: statement({ id: personalOld }) })).status,
    ).toBe(200);
    await storedAgo([...old, personalOld], 400);
    await storedAgo([recent], 300);

    // Off: nothing is deleted however old.
    expect((await sweepRetention(t.deps)).size).toBe(0);
    await t.call('PUT', '/api/lrs/retention', { token: w.admin.token, orgId: w.org, body: { months: 12 } });
    const deleted = await sweepRetention(t.deps);
    expect([...deleted.values()].map((d) => d.statements)).toEqual([3]);

    const one = (c: typeof school, id: string) => c.call('GET', `/xapi/statements?statementId=${id}`);
    for (const id of old) expect((await one(school, id)).status).toBe(404);
    expect((await one(school, recent)).status).toBe(200);
    // The personal space set no retention: its year-old statement stays.
    expect((await one(personal, personalOld)).status).toBe(200);
    expect((await sweepRetention(t.deps)).size).toBe(0);
  });

  it('counts calendar months back from now', () => {
    expect(retentionCutoff(new Date('2026-11-28T10:00:00Z'), 12).toISOString()).toBe(
      '2025-11-28T10:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-03-15T00:00:00Z'), 3).toISOString()).toBe(
      '2025-12-15T00:00:00.000Z',
    );
  });
});
