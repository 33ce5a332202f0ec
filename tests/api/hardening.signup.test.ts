import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastCode, mailsTo } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
}, APP_START_MS);
beforeEach(() => t.reset());
afterAll(() => t.close());

const EMAIL = 'victim@example.org';
const OWNER = 'owner password 1';
const INTRUDER = 'intruder password 2';

const signup = (password: string) => t.call('POST', '/api/auth/signup', { body: { email: EMAIL, password } });
/** The verifier types the code and a password: the owner always their own. */
const verify = (code: string, password = OWNER) =>
  t.call('POST', '/api/auth/verify', { body: { email: EMAIL, code, password } });
const login = (password: string) => t.call('POST', '/api/auth/login', { body: { email: EMAIL, password } });

describe('[HARDENING] a second sign-up cannot take over an unverified account', () => {
  it('owner first: the intruder signing up again does not change the password', async () => {
    expect((await signup(OWNER)).status).toBe(201);
    const ownerCode = await lastCode(t, EMAIL);
    expect((await signup(INTRUDER)).status).toBe(201);
    // The owner types the code of their own sign-up; it still works after the second sign-up.
    expect((await verify(ownerCode)).status).toBe(200);
    expect((await login(OWNER)).status).toBe(200);
    expect((await login(INTRUDER)).status).toBe(401);
  });

  it('intruder first: the owner signing up later owns the account once verified', async () => {
    expect((await signup(INTRUDER)).status).toBe(201);
    expect((await signup(OWNER)).status).toBe(201);
    expect((await verify(await lastCode(t, EMAIL))).status).toBe(200);
    expect((await login(OWNER)).status).toBe(200);
    expect((await login(INTRUDER)).status).toBe(401);
  });

  it('once verified, the other sign-up codes are spent: verifying later changes nothing', async () => {
    expect((await signup(OWNER)).status).toBe(201);
    const ownerCode = await lastCode(t, EMAIL);
    expect((await signup(INTRUDER)).status).toBe(201);
    const intruderCode = await lastCode(t, EMAIL);
    expect(intruderCode).not.toBe(ownerCode);
    expect((await verify(ownerCode)).status).toBe(200);
    const late = await verify(intruderCode, INTRUDER);
    expect(late.status).toBe(400);
    expect(late.body.errorCode).toBe('CODE_INVALID');
    expect((await login(INTRUDER)).status).toBe(401);
    expect((await login(OWNER)).status).toBe(200);
  });

  it('a second sign-up does not let its password sign in before verification either', async () => {
    expect((await signup(OWNER)).status).toBe(201);
    expect((await signup(INTRUDER)).status).toBe(201);
    // The intruder's password is not the account's: no code is even sent for it.
    const before = (await mailsTo(t, EMAIL)).length;
    expect((await login(INTRUDER)).status).toBe(401);
    expect((await mailsTo(t, EMAIL)).length).toBe(before);
    expect((await login(OWNER)).status).toBe(403);
  });

  it('a resend after the owner signed up stands for the owner, not for the first sign-up', async () => {
    expect((await signup(INTRUDER)).status).toBe(201);
    expect((await signup(OWNER)).status).toBe(201);
    const resend = await t.call('POST', '/api/auth/resend-code', {
      body: { email: EMAIL, purpose: 'signup' },
    });
    expect(resend.status).toBe(200);
    expect((await verify(await lastCode(t, EMAIL))).status).toBe(200);
    expect((await login(OWNER)).status).toBe(200);
    expect((await login(INTRUDER)).status).toBe(401);
  });
});

describe('[HARDENING] a sign-up code sets only the password its verifier typed', () => {
  it("the owner typing the newest code, mailed by the intruder's sign-up, keeps the owner's password", async () => {
    expect((await signup(OWNER)).status).toBe(201);
    expect((await signup(INTRUDER)).status).toBe(201);
    // The newest mail in the owner's inbox is the one the intruder's sign-up caused.
    expect((await verify(await lastCode(t, EMAIL))).status).toBe(200);
    expect((await login(INTRUDER)).status).toBe(401);
    expect((await login(OWNER)).status).toBe(200);
  });

  it("an intruder's sign-in on an unverified account mails a code that gives the intruder nothing", async () => {
    expect((await signup(INTRUDER)).status).toBe(201);
    const before = (await mailsTo(t, EMAIL)).length;
    expect((await login(INTRUDER)).status).toBe(403);
    expect((await mailsTo(t, EMAIL)).length).toBe(before + 1);
    const mailed = (await mailsTo(t, EMAIL))[0];
    expect(mailed.text).not.toContain(INTRUDER);
    // The owner, who never signed up, verifies with that code and the password the owner types.
    expect((await verify(await lastCode(t, EMAIL))).status).toBe(200);
    expect((await login(INTRUDER)).status).toBe(401);
    expect((await login(OWNER)).status).toBe(200);
  });

  it('verification needs the password typed with the code: 400 naming the field', async () => {
    expect((await signup(OWNER)).status).toBe(201);
    const code = await lastCode(t, EMAIL);
    const missing = await t.call('POST', '/api/auth/verify', { body: { email: EMAIL, code } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('password');
    const short = await verify(code, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('password');
    // Neither try used the code up.
    expect((await verify(code)).status).toBe(200);
    expect((await login(OWNER)).status).toBe(200);
  });
});
