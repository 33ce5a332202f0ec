import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_ORG_CODE, seedDemo } from '../../src/server/db/seed';
import { ZBalanceResponse, ZLedgerResponse } from '../../src/shared/contract/credits';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

const OPERATOR = 'ops@flowlearn.test';
let t: TestApp;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let operator: TestUser;
let school: string;
let elsewhere: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${OPERATOR}, Other@Ops.test` });
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await makeUser(t, 'head@school.test', 'Hana Head');
  member = await makeUser(t, 'member@school.test');
  stranger = await makeUser(t, 'stranger@elsewhere.test');
  operator = await makeUser(t, OPERATOR);
  school = await makeOrg(t, 'School', admin, [member]);
  elsewhere = await makeOrg(t, 'Elsewhere', stranger);
});

type Who = 'admin' | 'member' | 'stranger' | 'signedOut';
const WHO: Who[] = ['admin', 'member', 'stranger', 'signedOut'];
const tokenOf = (who: Who) => (who === 'signedOut' ? undefined : { admin, member, stranger }[who].token);

/** One call per role in the School space; compares every status at once. */
async function roles(
  expected: Record<Who, number>,
  run: (token: string | undefined) => Promise<{ status: number }>,
) {
  const actual = {} as Record<Who, number>;
  for (const who of WHO) actual[who] = (await run(tokenOf(who))).status;
  expect(actual).toEqual(expected);
}

describe('[CREDITS] who may call the credits routes', () => {
  it('balance: members see the organisation wallet; strangers and signed-out callers do not', async () => {
    await roles({ admin: 200, member: 200, stranger: 403, signedOut: 401 }, (token) =>
      t.call('GET', '/api/credits/balance', { token, orgId: school }),
    );
  });

  it('ledger: own personal wallet for all; the organisation wallet for its admins only', async () => {
    await roles({ admin: 200, member: 200, stranger: 200, signedOut: 401 }, (token) =>
      t.call('GET', '/api/credits/ledger?wallet=personal', { token }),
    );
    await roles({ admin: 200, member: 403, stranger: 403, signedOut: 401 }, (token) =>
      t.call('GET', '/api/credits/ledger?wallet=organization', { token, orgId: school }),
    );
    const personalSpace = await t.call('GET', '/api/credits/ledger?wallet=organization', {
      token: admin.token,
    });
    expect(personalSpace.status).toBe(400);
    expect(personalSpace.body.message).toContain('orgId');
  });

  it('monthly limit: organisation admins only', async () => {
    await roles({ admin: 200, member: 403, stranger: 403, signedOut: 401 }, (token) =>
      t.call('PUT', '/api/credits/monthly-limit', { token, orgId: school, body: { monthlyLimit: 500 } }),
    );
  });

  it('grants: only accounts in ADMIN_EMAILS (any case), never an organisation admin', async () => {
    await roles({ admin: 403, member: 403, stranger: 403, signedOut: 401 }, (token) =>
      t.call('POST', '/api/credits/grants', { token, body: { email: member.email, amount: 5 } }),
    );
    await roles({ admin: 403, member: 403, stranger: 403, signedOut: 401 }, (token) =>
      t.call('GET', '/api/credits/grants', { token }),
    );
    const other = await makeUser(t, 'other@ops.test');
    const ok = await t.call('POST', '/api/credits/grants', {
      token: other.token,
      body: { email: member.email, amount: 5 },
    });
    expect(ok.status).toBe(201);
  });
});

describe('[CREDITS] balances, grants and the ledger', () => {
  it('grants to a user and to an organisation; balances answer exact amounts rounded to 6 decimals', async () => {
    const g1 = await t.call('POST', '/api/credits/grants', {
      token: operator.token,
      body: { email: 'MEMBER@school.test', amount: '12.3456785', note: 'Pilot' },
    });
    expect(g1.status, JSON.stringify(g1.body)).toBe(201);
    expect(g1.body.data).toMatchObject({
      amount: 12.345679,
      balance: 12.345679,
      note: 'Pilot',
      target: { kind: 'user', label: member.email },
    });
    const code = (await t.call('GET', '/api/credits/balance', { token: admin.token, orgId: school })).body;
    expect(ZBalanceResponse.parse(code).data.organization).toMatchObject({
      orgId: school,
      balance: 0,
      monthlyLimit: null,
    });

    const orgCode = (await t.call('GET', `/api/users/organizations`, { token: admin.token })).body.data[0]
      .orgCode;
    const g2 = await t.call('POST', '/api/credits/grants', {
      token: operator.token,
      body: { orgCode, amount: 10000 },
    });
    expect(g2.status).toBe(201);
    expect(g2.body.data.target).toEqual({ kind: 'org', label: 'School' });

    const b = await t.call('GET', '/api/credits/balance', { token: member.token, orgId: school });
    expect(b.body).toEqual({
      data: {
        personal: { balance: 12.345679, held: 0 },
        organization: { orgId: school, balance: 10000, held: 0, monthlyLimit: null, usedThisMonth: 0 },
        canGrant: false,
      },
    });
    const list = await t.call('GET', '/api/credits/grants', { token: operator.token });
    expect(list.body.data.map((g: { target: { label: string } }) => g.target.label)).toEqual([
      'School',
      member.email,
    ]);
    await expectBooksBalance(t);
  });

  it('a retried grant with the same idempotency key grants once', async () => {
    const body = { email: member.email, amount: 7, idempotencyKey: 'grant-once-123' };
    const first = await t.call('POST', '/api/credits/grants', { token: operator.token, body });
    const again = await t.call('POST', '/api/credits/grants', { token: operator.token, body });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data.replayed).toBe(true);
    expect((await creditsOf(t).balanceOf(user(member.id))).balance).toBe(cr('7'));
  });

  it('the ledger pages newest first with signed amounts and the balance after each movement', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: user(member.id), amount: cr('10'), idempotencyKey: 'g' });
    for (let i = 1; i <= 5; i++) {
      await credits.charge({
        payer: user(member.id),
        amount: cr(`0.${i}`),
        reference: `chat:${i}`,
        idempotencyKey: `c${i}`,
      });
    }
    const first = ZLedgerResponse.parse(
      (await t.call('GET', '/api/credits/ledger?limit=4', { token: member.token })).body,
    );
    expect(first.data.map((e) => [e.amount, e.balanceAfter, e.reference])).toEqual([
      [-0.5, 8.5, 'chat:5'],
      [-0.4, 9, 'chat:4'],
      [-0.3, 9.4, 'chat:3'],
      [-0.2, 9.7, 'chat:2'],
    ]);
    expect(first.nextCursor).not.toBeNull();
    const rest = (
      await t.call('GET', `/api/credits/ledger?limit=4&before=${first.nextCursor}`, { token: member.token })
    ).body;
    expect(rest.data.map((e: { amount: number; reason: string }) => [e.amount, e.reason])).toEqual([
      [-0.1, 'usage'],
      [10, 'grant'],
    ]);
    expect(rest.nextCursor).toBeNull();
    // Nobody else's movements show.
    expect((await t.call('GET', '/api/credits/ledger', { token: admin.token })).body.data).toEqual([]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const grant = (body: unknown) => t.call('POST', '/api/credits/grants', { token: operator.token, body });
    const cases: Array<[unknown, string]> = [
      [{ email: member.email, amount: 0 }, 'amount'],
      [{ email: member.email, amount: -1 }, 'amount'],
      [{ email: member.email, amount: '1.0000000000001' }, 'amount'],
      [{ email: member.email, amount: 'ten' }, 'amount'],
      [{ email: member.email, amount: 1e30 }, 'amount'],
      [{ email: member.email, amount: { deep: [1] } }, 'amount'],
      [{ amount: 1 }, 'email'],
      [{ email: member.email, orgCode: 'x', amount: 1 }, 'email'],
      [{ email: 'not-an-email', amount: 1 }, 'email'],
      [{ email: member.email, amount: 1, note: 'a\u0000b' }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await grant(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await grant({ email: 'nobody@x.test', amount: 1 })).status).toBe(404);
    expect((await grant({ orgCode: 'no-such-org', amount: 1 })).status).toBe(404);
    const limit = (v: unknown) =>
      t.call('PUT', '/api/credits/monthly-limit', {
        token: admin.token,
        orgId: school,
        body: { monthlyLimit: v },
      });
    for (const v of [-1, 'abc', '0.1234567890123', [1], undefined]) {
      const res = await limit(v);
      expect(res.status, String(v)).toBe(400);
      expect(res.body.message).toContain('monthlyLimit');
    }
    for (const q of ['wallet=other', 'limit=0', 'limit=abc', 'before=-3', 'before=1e30']) {
      expect((await t.call('GET', `/api/credits/ledger?${q}`, { token: member.token })).status, q).toBe(400);
    }
  });
});

describe('[CREDITS] the monthly organisation limit', () => {
  it('allows spending up to the limit exactly, refuses one unit more with 403 and the limit', async () => {
    const credits = creditsOf(t);
    await credits.grant({ to: org(school), amount: cr('1000'), idempotencyKey: 'g-school' });
    const set = await t.call('PUT', '/api/credits/monthly-limit', {
      token: admin.token,
      orgId: school,
      body: { monthlyLimit: '100.5' },
    });
    expect(set.body.data).toMatchObject({ monthlyLimit: 100.5, usedThisMonth: 0, balance: 1000 });

    await credits.charge({ payer: org(school), amount: cr('100'), idempotencyKey: 'a' });
    const over = credits.charge({ payer: org(school), amount: cr('0.500000000001'), idempotencyKey: 'b' });
    await expect(over).rejects.toMatchObject({
      code: 'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED',
      status: 403,
      message: 'Usage exceeded the monthly credit limit of 100.5 credits',
      details: { limit: '100.5' },
    });
    await credits.charge({ payer: org(school), amount: cr('0.5'), idempotencyKey: 'c' });
    const b = (await t.call('GET', '/api/credits/balance', { token: member.token, orgId: school })).body.data
      .organization;
    expect(b).toMatchObject({ usedThisMonth: 100.5, monthlyLimit: 100.5, balance: 899.5 });
    // A hold counts against the limit too, and removing the limit lets the spend through.
    await expect(
      credits.reserve({ payer: org(school), upTo: cr('1'), idempotencyKey: 'r' }),
    ).rejects.toMatchObject({ status: 403 });
    await t.call('PUT', '/api/credits/monthly-limit', {
      token: admin.token,
      orgId: school,
      body: { monthlyLimit: null },
    });
    await credits.charge({ payer: org(school), amount: cr('1'), idempotencyKey: 'd' });
  });

  it('starts counting again in a new month (UTC)', async () => {
    let clock = new Date('2031-01-31T23:59:59Z');
    const credits = creditsOf(t, { now: () => clock });
    await credits.grant({ to: org(school), amount: cr('50'), idempotencyKey: 'g' });
    await credits.setMonthlyLimit(school, cr('10'));
    await credits.charge({ payer: org(school), amount: cr('10'), idempotencyKey: 'jan' });
    await expect(
      credits.charge({ payer: org(school), amount: cr('1'), idempotencyKey: 'jan2' }),
    ).rejects.toMatchObject({ status: 403 });
    clock = new Date('2031-02-01T00:00:00Z');
    await credits.charge({ payer: org(school), amount: cr('10'), idempotencyKey: 'feb' });
    expect((await credits.balanceOf(org(school))).usedThisMonth).toBe(cr('10'));
  });

  it('an empty organisation wallet is ORG_UNIT_BALANCE_INSUFFICIENT, a personal one UNIT_BALANCE_INSUFFICIENT', async () => {
    const credits = creditsOf(t);
    await expect(
      credits.charge({ payer: org(school), amount: cr('1'), idempotencyKey: 'o' }),
    ).rejects.toMatchObject({
      code: 'ORG_UNIT_BALANCE_INSUFFICIENT',
      status: 400,
    });
    await expect(
      credits.charge({ payer: user(member.id), amount: cr('1'), idempotencyKey: 'u' }),
    ).rejects.toMatchObject({
      code: 'UNIT_BALANCE_INSUFFICIENT',
      status: 400,
    });
  });
});

describe('[CREDITS] the demo seed', () => {
  it('grants 1,000 to the demo account and 10,000 to Demo School, once', async () => {
    await seedDemo(t.deps);
    await seedDemo(t.deps);
    const demo = await t.call('POST', '/api/auth/login', {
      body: { email: DEMO_EMAIL, password: 'flowlearn-demo' },
    });
    const token = demo.body.accessToken;
    const orgs = (await t.call('GET', '/api/users/organizations', { token })).body.data;
    const demoSchool = orgs.find((o: { orgCode: string }) => o.orgCode === DEMO_ORG_CODE);
    const b = (await t.call('GET', '/api/credits/balance', { token, orgId: demoSchool.orgId })).body.data;
    expect([b.personal.balance, b.organization.balance, b.canGrant]).toEqual([1000, 10000, false]);
    await expectBooksBalance(t);
    void elsewhere;
  });
});
