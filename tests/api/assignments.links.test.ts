import { describe, expect, it } from 'vitest';
import { findPublicLinkPayer } from '../../src/server/assignments/public-link';
import { ZAccessLinksResponse } from '../../src/shared/contract/assignments';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { createTestApp, type TestApp } from './harness';
import { pricedModel } from './helpers/ai-model';
import { type AssignmentWorld, callerOf, createAssignment, worldPerTest } from './helpers/assignment-world';
import { all, cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';

/** Priced as the default AI_MODEL, reporting its usage (the offline one is free). */
const model = pricedModel('{"name": "Fractions Fiesta", "description": "Learners add fractions."}', {
  inputTokens: 1000,
  outputTokens: 200,
});

let t: TestApp;
let w: AssignmentWorld;

worldPerTest(
  () => createTestApp({}, { ai: model }),
  (world) => {
    w = world;
    t = world.t;
  },
);

type Who = 'owner' | 'coOwner' | 'head' | 'participant' | 'stranger' | 'outsider' | 'signedOut';
const as = (who: Who) => callerOf(w, who);

async function orgLink() {
  const a = await createAssignment(w);
  await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
    ...as('owner'),
    body: { coOwnerEmails: ['co@school.test'] },
  });
  const created = await t.call('POST', `/api/assignment/${a._id}/access-link`, { ...as('owner'), body: {} });
  expect(created.status).toBe(201);
  return { a, code: created.body.code as string };
}

const grant = (to: ReturnType<typeof org>, amount: string) =>
  creditsOf(t).grant({ to, amount: cr(amount), idempotencyKey: `grant-${Math.random()}` });
const topUp = (code: string, who: Who, body: unknown, headers?: Record<string, string>) =>
  t.call('POST', `/api/assignment/access-link/${code}/topup-unit`, { ...as(who), body, headers });

describe('[ASSIGNMENTS] public access link wallets', () => {
  it('a top-up moves credits from the organisation into the link wallet, in the ledger', async () => {
    const { a, code } = await orgLink();
    await grant(org(w.org), '100');
    const res = await topUp(code, 'owner', { amount: '12.5', deductFrom: 'organization' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Topup success');
    expect(res.headers.get('x-credits-changed')).toBe('1');
    expect(res.body.data).toMatchObject({
      id: code,
      totalRemainingValue: 12.5,
      totalUsedValue: 0,
      totalValue: 12.5,
    });

    // The learners of the link spend from its wallet (what the player does through the credits service).
    const found = await findPublicLinkPayer(t.database.db, code);
    expect(found).toMatchObject({
      payer: { kind: 'accessLink', id: code },
      assignmentId: a._id,
      orgId: w.org,
    });
    await creditsOf(t).charge({ payer: found!.payer, amount: cr('2.25'), idempotencyKey: 'learner-call-1' });

    const list = await t.call('GET', `/api/assignment/${a._id}/access-links`, as('coOwner'));
    expect(list.status).toBe(200);
    const parsed = ZAccessLinksResponse.parse(list.body);
    expect(parsed.creditBalance).toBe(87.5);
    expect(parsed.accessLinks[0]).toMatchObject({
      totalRemainingValue: 10.25,
      totalUsedValue: 2.25,
      totalValue: 12.5,
    });
    const ledger = await creditsOf(t).ledger(org(w.org), { limit: 5 });
    expect(ledger[0]).toMatchObject({
      amount: -cr('12.5'),
      reason: 'topUp',
      reference: `accessLink:${code}`,
    });
    const linkLedger = await creditsOf(t).ledger({ kind: 'accessLink', id: code }, { limit: 5 });
    expect(linkLedger.map((e) => e.amount)).toEqual([-cr('2.25'), cr('12.5')]);
    await expectBooksBalance(t);
  });

  it('owner, co-owner and org admin may top up; others 403, another space 404, signed out 401', async () => {
    const { code } = await orgLink();
    await grant(org(w.org), '10');
    const out: Record<string, number> = {};
    for (const who of [
      'owner',
      'coOwner',
      'head',
      'participant',
      'stranger',
      'outsider',
      'signedOut',
    ] as Who[]) {
      out[who] = (await topUp(code, who, { amount: 1, deductFrom: 'organization' })).status;
    }
    expect(out).toEqual({
      owner: 200,
      coOwner: 200,
      head: 200,
      participant: 403,
      stranger: 403,
      outsider: 404,
      signedOut: 401,
    });
    expect((await creditsOf(t).balanceOf({ kind: 'accessLink', id: code })).balance).toBe(cr('3'));
    expect((await topUp('nosuchlink', 'owner', { amount: 1, deductFrom: 'organization' })).status).toBe(404);
  });

  it('refuses bad amounts, the wrong wallet and more than the balance, naming the field', async () => {
    const { code } = await orgLink();
    await grant(org(w.org), '5');
    for (const amount of [0, -1, 'abc', '0.0000000000001']) {
      const res = await topUp(code, 'owner', { amount, deductFrom: 'organization' });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message).toContain('amount');
    }
    const personal = await topUp(code, 'owner', { amount: 1, deductFrom: 'personal' });
    expect(personal.status).toBe(400);
    expect(personal.body.message).toContain('deductFrom');
    const tooMuch = await topUp(code, 'owner', { amount: '5.000001', deductFrom: 'organization' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errorCode).toBe('ORG_UNIT_BALANCE_INSUFFICIENT');
    expect((await creditsOf(t).balanceOf(org(w.org))).balance).toBe(cr('5'));
  });

  it('in the personal space the personal wallet pays; the organisation wallet is refused', async () => {
    const a = await createAssignment(w, {}, { org: false });
    const owner = { token: w.users.owner.token };
    const created = await t.call('POST', `/api/assignment/${a._id}/access-link`, { ...owner, body: {} });
    const code = created.body.code as string;
    await grant(user(w.users.owner.id), '3');
    const call = (deductFrom: string) =>
      t.call('POST', `/api/assignment/access-link/${code}/topup-unit`, {
        ...owner,
        body: { amount: 2, deductFrom },
      });
    expect((await call('organization')).status).toBe(400);
    expect((await call('personal')).status).toBe(200);
    const list = await t.call('GET', `/api/assignment/${a._id}/access-links`, owner);
    expect(list.body.creditBalance).toBe(1);
    expect(list.body.accessLinks[0].totalRemainingValue).toBe(2);
    const again = await call('personal');
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
  });

  it('many parallel top-ups never overdraw the paying wallet', async () => {
    const { code } = await orgLink();
    await grant(org(w.org), '10');
    const results = await all(
      Array.from({ length: 40 }, () => async () => {
        const res = await topUp(code, 'owner', { amount: 1, deductFrom: 'organization' });
        if (res.status !== 200)
          throw Object.assign(new Error(res.body.message), { code: res.body.errorCode });
        return res.body;
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.code))).toEqual(
      Array(30).fill('ORG_UNIT_BALANCE_INSUFFICIENT'),
    );
    expect((await creditsOf(t).balanceOf(org(w.org))).balance).toBe(0n);
    expect((await creditsOf(t).balanceOf({ kind: 'accessLink', id: code })).balance).toBe(cr('10'));
    await expectBooksBalance(t);
  });

  it('a retried top-up with the same Idempotency-Key moves the credits once', async () => {
    const { code } = await orgLink();
    await grant(org(w.org), '10');
    const headers = { 'Idempotency-Key': 'topup-once-1' };
    const [one, two] = await Promise.all([
      topUp(code, 'owner', { amount: 4, deductFrom: 'organization' }, headers),
      topUp(code, 'owner', { amount: 4, deductFrom: 'organization' }, headers),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await creditsOf(t).balanceOf(org(w.org))).balance).toBe(cr('6'));
  });

  it('findPublicLinkPayer: null for unknown codes and for assignments with public links turned off', async () => {
    const { a, code } = await orgLink();
    expect(await findPublicLinkPayer(t.database.db, 'unknown1')).toBeNull();
    expect(await findPublicLinkPayer(t.database.db, 'NOT VALID')).toBeNull();
    await t.call('PUT', `/api/assignment/${a._id}`, {
      ...as('owner'),
      body: { disablePublicAccessLink: true },
    });
    expect(await findPublicLinkPayer(t.database.db, code)).toBeNull();
  });
});

describe('[ASSIGNMENTS] generate-name-description is paid by the caller through the credits service', () => {
  const generate = (token: string, flows: string[], orgId?: string) =>
    t.call('POST', '/api/assignment/generate-name-description', { token, orgId, body: { flows } });
  const cost = priceCall('gpt-5-mini', { inputTokens: 1000, outputTokens: 200 });

  it('charges the personal wallet in the personal space, the organisation in an organisation', async () => {
    await grant(user(w.users.owner.id), '5');
    const res = await generate(w.users.owner.token, w.personalFlows);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      name: 'Fractions Fiesta',
      description: 'Learners add fractions.',
      provider: 'openai-compatible',
    });
    expect(res.headers.get('x-credits-changed')).toBe('1');
    expect((await creditsOf(t).balanceOf(user(w.users.owner.id))).balance).toBe(cr('5') - cost);

    await grant(org(w.org), '5');
    const inOrg = await generate(w.users.owner.token, w.orgFlows, w.org);
    expect(inOrg.status).toBe(200);
    expect((await creditsOf(t).balanceOf(org(w.org))).balance).toBe(cr('5') - cost);
    expect((await creditsOf(t).balanceOf(user(w.users.owner.id))).balance).toBe(cr('5') - cost);
    await expectBooksBalance(t);
  });

  it('an empty wallet answers 400 UNIT_BALANCE_INSUFFICIENT and charges nothing', async () => {
    const res = await generate(w.users.owner.token, w.personalFlows);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
    await expectBooksBalance(t);
  });
});
