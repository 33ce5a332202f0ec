import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZSessionResponse } from '../../src/shared/contract/auth';
import { lastCode, mailsTo, otherCode, signIn } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(() => t.reset());
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

const password = 'correct horse battery';
const signup = (email: string, pw = password) =>
  t.call('POST', '/api/auth/signup', { body: { email, password: pw } });
const verify = (email: string, code: string, pw = password) =>
  t.call('POST', '/api/auth/verify', { body: { email, code, password: pw } });

describe('[AUTH] sign-up and verification', () => {
  it('signs up, verifies with the mailed code and signs in', async () => {
    const res = await signup('  Ann@Example.org ');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Verification code sent', email: 'ann@example.org' });
    const code = await lastCode(t, 'ann@example.org');
    expect(await verify('ann@example.org', code)).toMatchObject({
      status: 200,
      body: { message: 'Account verified' },
    });
    const session = await signIn(t, 'ann@example.org');
    expect(ZSessionResponse.parse(session.body).user).toMatchObject({
      email: 'ann@example.org',
      emailVerified: true,
    });
  });

  it('answers bad input with 400 naming the field', async () => {
    const short = await signup('bob@example.org', 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('password');
    const long = await signup('bob@example.org', 'x'.repeat(129));
    expect(long.status).toBe(400);
    const email = await signup('not-an-email');
    expect(email.status).toBe(400);
    expect(email.body.message).toContain('email');
    const code = await verify('bob@example.org', '12ab');
    expect(code.status).toBe(400);
    expect(code.body.message).toContain('code');
    const json = await t.call('POST', '/api/auth/signup', {
      raw: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it('does not reveal a verified account: same answer, the owner is told by mail, no code', async () => {
    await signup('cat@example.org');
    await verify('cat@example.org', await lastCode(t, 'cat@example.org'));
    const again = await signup('cat@example.org', 'another password');
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: 'Verification code sent', email: 'cat@example.org' });
    const [newest] = await mailsTo(t, 'cat@example.org');
    expect(newest.meta?.kind).toBe('signup-attempt');
    expect(newest.text).toContain('tried to create');
    // The password is unchanged.
    await signIn(t, 'cat@example.org');
  });

  it('signing up again while unverified sends a code of its own; the password typed with a code is set', async () => {
    await signup('dan@example.org', 'first password');
    const first = await lastCode(t, 'dan@example.org');
    await signup('dan@example.org', 'second password');
    const second = await lastCode(t, 'dan@example.org');
    expect(second).not.toBe(first);
    expect((await verify('dan@example.org', second, 'second password')).status).toBe(200);
    // Verifying spent the other sign-up's code (hardening.signup.test.ts covers both orders).
    expect((await verify('dan@example.org', first, 'first password')).body.errorCode).toBe('CODE_INVALID');
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: 'dan@example.org', password: 'first password' },
        })
      ).status,
    ).toBe(401);
    await signIn(t, 'dan@example.org', 'second password');
  });

  it('refuses a wrong code', async () => {
    await signup('eve@example.org');
    const code = await lastCode(t, 'eve@example.org');
    const res = await verify('eve@example.org', otherCode(code));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'CODE_INVALID', message: 'Invalid verification code.' });
    expect((await verify('nobody@example.org', code)).body.errorCode).toBe('CODE_INVALID');
  });

  it('refuses a code after 120 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    await signup('fay@example.org');
    const code = await lastCode(t, 'fay@example.org');
    vi.setSystemTime(new Date('2030-01-01T10:02:01Z'));
    const res = await verify('fay@example.org', code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'CODE_EXPIRED', message: 'The code is expired.' });
  });

  it('accepts a code just before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    await signup('gus@example.org');
    const code = await lastCode(t, 'gus@example.org');
    vi.setSystemTime(new Date('2030-01-01T10:01:59Z'));
    expect((await verify('gus@example.org', code)).status).toBe(200);
  });

  it('allows five wrong tries per code, then refuses even the right one until a new code is sent', async () => {
    await signup('hal@example.org');
    const code = await lastCode(t, 'hal@example.org');
    for (let i = 0; i < 5; i++) {
      expect((await verify('hal@example.org', otherCode(code))).body.errorCode).toBe('CODE_INVALID');
    }
    const locked = await verify('hal@example.org', code);
    expect(locked.status).toBe(400);
    expect(locked.body.errorCode).toBe('CODE_ATTEMPTS_EXCEEDED');
    await t.call('POST', '/api/auth/resend-code', { body: { email: 'hal@example.org', purpose: 'signup' } });
    expect((await verify('hal@example.org', await lastCode(t, 'hal@example.org'))).status).toBe(200);
  });

  it('accepts the right code on the fifth try', async () => {
    await signup('ida@example.org');
    const code = await lastCode(t, 'ida@example.org');
    for (let i = 0; i < 4; i++) await verify('ida@example.org', otherCode(code));
    expect((await verify('ida@example.org', code)).status).toBe(200);
  });

  it('uses a code once', async () => {
    await signup('jon@example.org');
    const code = await lastCode(t, 'jon@example.org');
    expect((await verify('jon@example.org', code)).status).toBe(200);
    expect((await verify('jon@example.org', code)).body.errorCode).toBe('CODE_INVALID');
  });

  it('resend mails a fresh code, keeps the earlier one until it expires and never reveals whether the account exists', async () => {
    await signup('kim@example.org');
    const old = await lastCode(t, 'kim@example.org');
    const res = await t.call('POST', '/api/auth/resend-code', {
      body: { email: 'kim@example.org', purpose: 'signup' },
    });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Verification code resent. Please check your email.' },
    });
    const fresh = await lastCode(t, 'kim@example.org');
    expect((await mailsTo(t, 'kim@example.org')).length).toBe(2);
    expect(fresh).not.toBe(old);
    // A resend anyone can ask for must not take the owner's code away (a code carries no password).
    expect((await verify('kim@example.org', old)).status).toBe(200);
    expect((await verify('kim@example.org', fresh)).body.errorCode).toBe('CODE_INVALID');

    const unknown = await t.call('POST', '/api/auth/resend-code', {
      body: { email: 'ghost@example.org', purpose: 'signup' },
    });
    expect(unknown).toMatchObject({ status: 200, body: res.body });
    expect(await mailsTo(t, 'ghost@example.org')).toHaveLength(0);
    const bad = await t.call('POST', '/api/auth/resend-code', {
      body: { email: 'kim@example.org', purpose: 'other' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('purpose');
  });
});

describe('[AUTH] sign-in answers', () => {
  it('asks an unverified account to verify and sends a fresh code', async () => {
    await signup('lea@example.org');
    const before = await mailsTo(t, 'lea@example.org');
    const res = await t.call('POST', '/api/auth/login', { body: { email: 'lea@example.org', password } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorCode: 'USER_NOT_CONFIRMED', message: 'Please verify your account.' });
    expect(refreshTokenSet(res.headers)).toBe(false);
    expect((await mailsTo(t, 'lea@example.org')).length).toBe(before.length + 1);
    expect((await verify('lea@example.org', await lastCode(t, 'lea@example.org'))).status).toBe(200);
  });

  it('gives identical answers for an unknown e-mail and a wrong password', async () => {
    await signup('max@example.org');
    await verify('max@example.org', await lastCode(t, 'max@example.org'));
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email: 'max@example.org', password: 'wrong password' },
    });
    const unknown = await t.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.org', password },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Incorrect email or password.', errorCode: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
    expect(refreshTokenSet(wrong.headers) || refreshTokenSet(unknown.headers)).toBe(false);
  });

  it('spends a password hash on unknown e-mails too (no timing shortcut)', async () => {
    const started = performance.now();
    await t.call('POST', '/api/auth/login', { body: { email: 'nobody@example.org', password } });
    await t.call('POST', '/api/auth/login', { body: { email: 'nobody@example.org', password } });
    // scrypt with N=2^14 takes tens of milliseconds; an early return would take about one.
    expect((performance.now() - started) / 2).toBeGreaterThan(10);
  });
});

function refreshTokenSet(headers: Headers): boolean {
  return headers.getSetCookie().some((l) => l.startsWith('fl_refresh=') && !l.startsWith('fl_refresh=;'));
}
