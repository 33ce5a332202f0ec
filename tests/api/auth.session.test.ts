import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../src/server/auth/secrets';
import { refreshTokens } from '../../src/server/db/schema';
import { ZMeResponse, ZSessionResponse } from '../../src/shared/contract/auth';
import {
  lastCode,
  mailsTo,
  newSignedInUser,
  refreshCookie,
  setCookieLine,
  signIn,
  withCookie,
} from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(() => t.reset());
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

const refresh = (token?: string) =>
  t.call('POST', '/api/auth/refresh', { headers: token ? withCookie(token) : {} });
const rowOf = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
  )[0];

describe('[AUTH] tokens and sessions', () => {
  it('signs in with an access token and an httpOnly, SameSite=Strict refresh cookie', async () => {
    const { body, refresh: token } = await newSignedInUser(t, 'ann@example.org');
    const session = ZSessionResponse.parse(body);
    expect(session.expiresAt).toBeGreaterThan(Date.now() + 800_000);
    expect(session.user).toMatchObject({ _id: session.user.id, lastVisitedOrgId: '', profileImg: null });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await rowOf(token);
    expect(row.tokenHash).not.toContain(token);
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: 'ann@example.org', password: 'correct horse battery' },
    });
    const line = setCookieLine(login.headers);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/api/auth');
    expect(line).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(line).not.toContain('Secure');
  });

  it('answers /me with the user, and 401 without or with a bad token', async () => {
    const { token } = await newSignedInUser(t, 'bea@example.org');
    const me = await t.call('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(ZMeResponse.parse(me.body).user.email).toBe('bea@example.org');
    expect((await t.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { token: `${token}x` })).status).toBe(401);
  });

  it('rotates the refresh token: a new cookie, the old one marked rotated', async () => {
    const { refresh: first } = await newSignedInUser(t, 'cid@example.org');
    const res = await refresh(first);
    expect(res.status).toBe(200);
    expect(ZSessionResponse.parse(res.body).user.email).toBe('cid@example.org');
    const second = refreshCookie(res.headers) as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await rowOf(first)).rotatedAt).not.toBeNull();
    expect((await rowOf(second)).familyId).toBe((await rowOf(first)).familyId);
    expect((await refresh(second)).status).toBe(200);
  });

  it('treats a rotated token presented after the grace period as theft and revokes the family', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const { refresh: first } = await newSignedInUser(t, 'dee@example.org');
    const second = refreshCookie((await refresh(first)).headers) as string;
    vi.setSystemTime(new Date('2030-01-01T10:00:11Z'));
    const reuse = await refresh(first);
    expect(reuse.status).toBe(401);
    expect(reuse.body.errorCode).toBe('REFRESH_REUSED');
    const after = await refresh(second);
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('UNAUTHENTICATED');
    expect((await rowOf(second)).revokedAt).not.toBeNull();
  });

  it('answers a second tab within 10 seconds with REFRESH_RACE and revokes nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const { refresh: first } = await newSignedInUser(t, 'eli@example.org');
    const second = refreshCookie((await refresh(first)).headers) as string;
    vi.setSystemTime(new Date('2030-01-01T10:00:09Z'));
    const race = await refresh(first);
    expect(race.status).toBe(401);
    expect(race.body.errorCode).toBe('REFRESH_RACE');
    expect((await rowOf(second)).revokedAt).toBeNull();
    expect((await refresh(second)).status).toBe(200);
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    expect((await refresh()).body.errorCode).toBe('UNAUTHENTICATED');
    expect((await refresh('made-up-token')).body.errorCode).toBe('UNAUTHENTICATED');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const { refresh: token } = await newSignedInUser(t, 'fin@example.org');
    vi.setSystemTime(new Date('2030-01-31T10:00:01Z'));
    const expired = await refresh(token);
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe('UNAUTHENTICATED');
  });

  it('signs out globally with the access token: every refresh token of the user is revoked', async () => {
    const { token, refresh: laptop } = await newSignedInUser(t, 'gil@example.org');
    const { refresh: phone } = await signIn(t, 'gil@example.org');
    const { refresh: other } = await newSignedInUser(t, 'someone@example.org');
    const res = await t.call('POST', '/api/auth/logout', { token });
    expect(res).toMatchObject({ status: 200, body: { message: 'Signed out' } });
    expect(setCookieLine(res.headers)).toMatch(/^fl_refresh=;.*Max-Age=0/);
    expect((await refresh(laptop)).status).toBe(401);
    expect((await refresh(phone)).status).toBe(401);
    expect((await refresh(other)).status).toBe(200);
  });

  it('signs out with the refresh cookie alone', async () => {
    const { refresh: laptop } = await newSignedInUser(t, 'hil@example.org');
    const { refresh: phone } = await signIn(t, 'hil@example.org');
    expect((await t.call('POST', '/api/auth/logout', { headers: withCookie(phone) })).status).toBe(200);
    expect((await refresh(laptop)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/logout')).status).toBe(200);
  });
});

describe('[AUTH] password reset', () => {
  const forgot = (email: string) => t.call('POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (email: string, code: string, password: string) =>
    t.call('POST', '/api/auth/reset-password', { body: { email, code, password } });

  it('resets the password with the mailed code and ends every session', async () => {
    const { refresh: token } = await newSignedInUser(t, 'ivy@example.org');
    const res = await forgot('ivy@example.org');
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists, a code has been sent.' },
    });
    const code = await lastCode(t, 'ivy@example.org', 'reset');
    const done = await reset('ivy@example.org', code, 'a brand new password');
    expect(done).toMatchObject({ status: 200, body: { message: 'Password updated. Please sign in.' } });
    expect((await refresh(token)).status).toBe(401);
    const old = await t.call('POST', '/api/auth/login', {
      body: { email: 'ivy@example.org', password: 'correct horse battery' },
    });
    expect(old.status).toBe(401);
    await signIn(t, 'ivy@example.org', 'a brand new password');
    expect((await reset('ivy@example.org', code, 'yet another password')).body.errorCode).toBe(
      'CODE_INVALID',
    );
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const res = await forgot('ghost@example.org');
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists, a code has been sent.' },
    });
    expect(await mailsTo(t, 'ghost@example.org')).toHaveLength(0);
  });

  it('verifies an unverified account, and checks the code and the new password', async () => {
    await t.call('POST', '/api/auth/signup', {
      body: { email: 'jay@example.org', password: 'forgotten password' },
    });
    await forgot('jay@example.org');
    const code = await lastCode(t, 'jay@example.org', 'reset');
    const wrong = await reset('jay@example.org', code === '000000' ? '000001' : '000000', 'new password 1');
    expect(wrong.body.errorCode).toBe('CODE_INVALID');
    const weak = await reset('jay@example.org', code, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('password');
    expect((await reset('jay@example.org', code, 'new password 1')).status).toBe(200);
    const session = await signIn(t, 'jay@example.org', 'new password 1');
    expect(session.body.user.emailVerified).toBe(true);
  });

  it('keeps sign-up codes and reset codes apart', async () => {
    await t.call('POST', '/api/auth/signup', {
      body: { email: 'kai@example.org', password: 'first password' },
    });
    const signupCode = await lastCode(t, 'kai@example.org', 'signup');
    await forgot('kai@example.org');
    const resetCode = await lastCode(t, 'kai@example.org', 'reset');
    if (signupCode !== resetCode) {
      expect((await reset('kai@example.org', signupCode, 'new password 2')).body.errorCode).toBe(
        'CODE_INVALID',
      );
    }
    expect(
      (
        await t.call('POST', '/api/auth/verify', {
          body: { email: 'kai@example.org', code: signupCode, password: 'first password' },
        })
      ).status,
    ).toBe(200);
  });
});
