import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../src/server/adapters/storage/storage';
import { buildMultipart } from '../../src/server/lrs/multipart';
import { sweepRetention } from '../../src/server/lrs/retention';
import { storageKeyOf } from '../../src/server/lrs/statements.service';
import { retentionCutoff } from '../../src/shared/domain/lrs-retention';
import { APP_START_MS, type TestApp } from './harness';
import { makeOrg, makeUser } from './helpers/users';
import { createLrsTestApp, statement, uuid, type XapiClient, xapiClient } from './helpers/xapi';

let t: TestApp;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(() => t.reset());

const enc = (s: string) => new TextEncoder().encode(s);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const VOIDED = { id: 'http://adlnet.gov/expapi/verbs/voided', display: { 'en-GB': 'voided' } };

/** The attachment of `data` as a statement declares it; with `fileUrl` and no part, it names bytes sent before. */
const declared = (data: Uint8Array, fileUrl?: string) => ({
  usageType: 'http://id.tincanapi.com/attachment/certificate',
  display: { 'en-GB': 'Certificate' },
  contentType: 'text/plain',
  length: data.length,
  sha2: sha256(data),
  ...(fileUrl ? { fileUrl } : {}),
});

async function post(lrs: XapiClient, body: unknown, parts: Uint8Array[] = []) {
  const res = parts.length
    ? await (() => {
        const m = buildMultipart([
          { headers: { 'Content-Type': 'application/json' }, body: enc(JSON.stringify(body)) },
          ...parts.map((data) => ({
            headers: {
              'Content-Type': 'text/plain',
              'Content-Transfer-Encoding': 'binary',
              'X-Experience-API-Hash': sha256(data),
            },
            body: data,
          })),
        ]);
        return lrs.call('POST', '/xapi/statements', {
          raw: m.body,
          headers: { 'Content-Type': m.contentType },
        });
      })()
    : await lrs.call('POST', '/xapi/statements', { body });
  expect(res.status, res.text).toBe(200);
}

/** A year and a month go by: everything stored or written so far becomes that much older. */
async function timePasses(days: number) {
  const by = `${days} days`;
  await t.database.db.execute(sql`update lrs_statements set stored = stored - ${by}::interval`);
  await t.database.db.execute(
    sql`update lrs_attachments set last_stored = last_stored - ${by}::interval, created_at = created_at - ${by}::interval`,
  );
  await t.database.db.execute(sql`update lrs_documents set updated_at = updated_at - ${by}::interval`);
}

const agent = encodeURIComponent(JSON.stringify({ objectType: 'Agent', mbox: 'mailto:ann@school.test' }));
const activity = encodeURIComponent('https://flowlearn.test/activities/quiz');
const DOCS = {
  state: (id: string) => `/xapi/activities/state?activityId=${activity}&agent=${agent}&stateId=${id}`,
  activityProfile: (id: string) => `/xapi/activities/profile?activityId=${activity}&profileId=${id}`,
  agentProfile: (id: string) => `/xapi/agents/profile?agent=${agent}&profileId=${id}`,
};
async function putDocs(lrs: XapiClient, id: string) {
  for (const path of Object.values(DOCS)) {
    const res = await lrs.call('PUT', path(id), { body: { id }, headers: { 'If-None-Match': '*' } });
    expect(res.status, res.text).toBe(204);
  }
}

async function world() {
  const admin = await makeUser(t, 'head@school.test', 'Hana Head');
  const other = await makeUser(t, 'head@elsewhere.test', 'Omar Other');
  const org = await makeOrg(t, 'School', admin);
  const otherOrg = await makeOrg(t, 'Elsewhere', other);
  return {
    admin,
    org,
    school: await xapiClient(t, admin, org),
    personal: await xapiClient(t, admin),
    elsewhere: await xapiClient(t, other, otherOrg),
    setMonths: async (months: number, token = admin.token, orgId: string = org) =>
      expect((await t.call('PUT', '/api/lrs/retention', { token, orgId, body: { months } })).status).toBe(
        200,
      ),
    otherAdmin: other,
    otherOrg,
  };
}

describe('[LRS] retention deletes what the statements own', () => {
  it('attachments: a file goes with the last statement that carried it, not before; other spaces keep theirs', async () => {
    const w = await world();
    const files = createFileStorage(t.deps.env);
    const [alone, shared, named, personalFile, elsewhereFile] = [
      'alone',
      'shared',
      'named',
      'mine',
      'theirs',
    ].map((s) => enc(`certificate: ${s}`));
    const oldAlone = uuid();
    await post(w.school, statement({ id: oldAlone, attachments: [declared(alone)] }), [alone]);
    await post(w.school, statement({ attachments: [declared(shared)] }), [shared]);
    await post(w.school, statement({ attachments: [declared(named)] }), [named]);
    await post(w.personal, statement({ attachments: [declared(personalFile)] }), [personalFile]);
    await post(w.elsewhere, statement({ attachments: [declared(elsewhereFile)] }), [elsewhereFile]);
    await timePasses(400);
    // Newer statements carry `shared` again (with its bytes) and `named` (by fileUrl, bytes sent before).
    const keptShared = uuid();
    await post(w.school, statement({ id: keptShared, attachments: [declared(shared)] }), [shared]);
    await post(
      w.school,
      statement({ attachments: [declared(named, 'https://files.school.test/named.txt')] }),
    );

    await w.setMonths(12);
    await w.setMonths(12, w.otherAdmin.token, w.otherOrg);
    const swept = await sweepRetention(t.deps);
    expect(swept.get(`org:${w.org}`)).toEqual({ statements: 3, attachments: 1, documents: 0 });
    expect(swept.get(`org:${w.otherOrg}`)).toEqual({ statements: 1, attachments: 1, documents: 0 });
    expect(swept.has(`user:${w.admin.id}`)).toBe(false);

    const fileOf = (space: string, data: Uint8Array) => files.get(storageKeyOf(space, sha256(data)));
    expect(await fileOf(`org:${w.org}`, alone)).toBeNull();
    expect(await fileOf(`org:${w.org}`, shared)).not.toBeNull();
    expect(await fileOf(`org:${w.org}`, named)).not.toBeNull();
    expect(await fileOf(`org:${w.otherOrg}`, elsewhereFile)).toBeNull();
    // The personal space set no retention: its statement and file stay.
    expect(await fileOf(`user:${w.admin.id}`, personalFile)).not.toBeNull();
    const rows = (await t.database.db.execute(
      sql`select space, sha2 from lrs_attachments order by space, sha2`,
    )) as unknown as { rows: Array<{ space: string; sha2: string }> };
    expect(rows.rows.map((r) => r.sha2).sort()).toEqual(
      [sha256(shared), sha256(named), sha256(personalFile)].sort(),
    );

    // The kept statement still answers its bytes.
    const got = await t.app.request(`/xapi/statements?statementId=${keptShared}&attachments=true`, {
      headers: { Authorization: w.school.auth, 'X-Experience-API-Version': '2.0.0' },
    });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).toString()).toContain('certificate: shared');
    expect((await w.school.call('GET', `/xapi/statements?statementId=${oldAlone}`)).status).toBe(404);
  });

  it('documents last written before the cutoff go, newer ones and other spaces stay', async () => {
    const w = await world();
    await putDocs(w.school, 'old');
    await putDocs(w.personal, 'old');
    await putDocs(w.elsewhere, 'old');
    await timePasses(400);
    await putDocs(w.school, 'new');
    await w.setMonths(12);

    const swept = await sweepRetention(t.deps);
    expect(swept.get(`org:${w.org}`)).toEqual({ statements: 0, attachments: 0, documents: 3 });
    expect(swept.size).toBe(1);
    for (const path of Object.values(DOCS)) {
      expect((await w.school.call('GET', path('old'))).status).toBe(404);
      expect((await w.school.call('GET', path('new'))).body).toEqual({ id: 'new' });
      expect((await w.personal.call('GET', path('old'))).body).toEqual({ id: 'old' });
      expect((await w.elsewhere.call('GET', path('old'))).body).toEqual({ id: 'old' });
    }
  });

  it('statements go by their own age: voiding and StatementRefs keep nothing older alive', async () => {
    const w = await world();
    const oldTarget = uuid();
    const oldVoiding = uuid();
    const lateTarget = uuid();
    await post(w.school, statement({ id: oldTarget }));
    // A voiding statement may arrive before its target; the target is voided when it comes.
    await post(
      w.school,
      statement({ id: oldVoiding, verb: VOIDED, object: { objectType: 'StatementRef', id: lateTarget } }),
    );
    await timePasses(400);
    await post(w.school, statement({ id: lateTarget }));
    const newVoiding = uuid();
    const newRef = uuid();
    await post(
      w.school,
      statement({ id: newVoiding, verb: VOIDED, object: { objectType: 'StatementRef', id: oldTarget } }),
    );
    await post(w.school, statement({ id: newRef, object: { objectType: 'StatementRef', id: oldTarget } }));
    await w.setMonths(12);

    expect((await sweepRetention(t.deps)).get(`org:${w.org}`)?.statements).toBe(2);
    const get = (q: string) => w.school.call('GET', `/xapi/statements?${q}`);
    expect((await get(`voidedStatementId=${oldTarget}`)).status).toBe(404);
    expect((await get(`statementId=${oldVoiding}`)).status).toBe(404);
    // Kept statements stay as they were: the late target is still voided, the references still point.
    expect((await get(`voidedStatementId=${lateTarget}`)).status).toBe(200);
    expect((await get(`statementId=${lateTarget}`)).status).toBe(404);
    expect((await get(`statementId=${newVoiding}`)).body.object).toEqual({
      objectType: 'StatementRef',
      id: oldTarget,
    });
    expect((await get(`statementId=${newRef}`)).body.object).toEqual({
      objectType: 'StatementRef',
      id: oldTarget,
    });
  });

  it('migration 0050 dates each stored attachment by the newest statement carrying it', async () => {
    const w = await world();
    const [a, b] = ['first', 'second'].map((s) => enc(`certificate: ${s}`));
    await post(w.school, statement({ attachments: [declared(a)] }), [a]);
    await post(w.school, statement({ attachments: [declared(b)] }), [b]);
    await timePasses(30);
    // Upper-case hashes in a statement name the same file.
    const later = { ...declared(a), sha2: sha256(a).toUpperCase() };
    await post(w.school, statement({ attachments: [later] }), [a]);
    const rows = async () =>
      (
        (await t.database.db.execute(
          sql`select sha2, last_stored::text as at from lrs_attachments order by sha2`,
        )) as unknown as { rows: Array<{ sha2: string; at: string }> }
      ).rows;
    const expected = await rows();
    await t.database.db.execute(sql`update lrs_attachments set last_stored = 'epoch'`);
    const migration = readFileSync(
      join(__dirname, '../../src/server/db/migrations/0050_lrs_retention_owned.sql'),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE lrs_attachments a'));
    await t.database.db.execute(sql.raw(backfill ?? 'missing'));
    expect(await rows()).toEqual(expected);
    const stored = (
      (await t.database.db.execute(sql`select max(stored)::text as at from lrs_statements`)) as unknown as {
        rows: Array<{ at: string }>;
      }
    ).rows[0].at;
    expect(expected.find((r) => r.sha2 === sha256(a))?.at).toBe(stored);
  });

  it('counts calendar months, the last day of a shorter month included', () => {
    expect(retentionCutoff(new Date('2026-05-31T08:00:00Z'), 3).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2028-03-31T00:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-01-15T12:00:00Z'), 13).toISOString()).toBe(
      '2024-12-15T12:00:00.000Z',
    );
  });
});
