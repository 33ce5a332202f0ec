import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../src/shared/api/session-hint';
import { newSignedInUser, refreshCookie, withCookie } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

/**
 * The session hint: a readable cookie set and cleared with the refresh cookie, so the client asks
 * /auth/refresh only when a session may exist (a signed-out start logs no 401).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(() => t.reset());
afterAll(() => t.close());

const hintLine = (headers: Headers) =>
  headers.getSetCookie().find((l) => l.startsWith(`${SESSION_HINT_COOKIE}=`));
const refreshLine = (headers: Headers) => headers.getSetCookie().find((l) => l.startsWith('fl_refresh='));

describe('[AUTH] session hint cookie', () => {
  it('is set beside the refresh cookie at sign-in: readable by the page, the whole site, same lifetime', async () => {
    await newSignedInUser(t, 'ann@example.org');
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: 'ann@example.org', password: 'correct horse battery' },
    });
    const line = hintLine(login.headers) ?? '';
    expect(line).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(line).not.toContain('HttpOnly');
    expect(line).toContain('Path=/;');
    expect(line).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(line).toContain('SameSite=Strict');
  });

  it('is renewed with every refresh and cleared with the refresh cookie at sign-out', async () => {
    const { refresh } = await newSignedInUser(t, 'bea@example.org');
    const renewed = await t.call('POST', '/api/auth/refresh', { headers: withCookie(refresh) });
    expect(renewed.status).toBe(200);
    expect(hintLine(renewed.headers)).toMatch(/^fl_session=1;/);
    const next = refreshCookie(renewed.headers) as string;
    const out = await t.call('POST', '/api/auth/logout', { headers: withCookie(next) });
    expect(out.status).toBe(200);
    expect(hintLine(out.headers)).toMatch(/^fl_session=;.*Max-Age=0/);
    expect(refreshLine(out.headers)).toMatch(/^fl_refresh=;.*Max-Age=0/);
  });

  it('is cleared when the refresh is refused (expired or unknown session), so the next start does not ask', async () => {
    const refused = await t.call('POST', '/api/auth/refresh', {
      headers: { Cookie: `fl_refresh=not-a-token; ${SESSION_HINT_COOKIE}=1` },
    });
    expect(refused.status).toBe(401);
    expect(hintLine(refused.headers)).toMatch(/^fl_session=;.*Max-Age=0/);
    expect(refreshLine(refused.headers)).toMatch(/^fl_refresh=;.*Max-Age=0/);
  });

  it('is kept when the refresh lost a race with another tab (that tab set the new cookies)', async () => {
    const { refresh } = await newSignedInUser(t, 'cid@example.org');
    const first = await t.call('POST', '/api/auth/refresh', { headers: withCookie(refresh) });
    expect(first.status).toBe(200);
    const raced = await t.call('POST', '/api/auth/refresh', { headers: withCookie(refresh) });
    expect(raced.status).toBe(401);
    expect(raced.body.errorCode).toBe('REFRESH_RACE');
    expect(hintLine(raced.headers)).toBeUndefined();
    expect(refreshLine(raced.headers)).toBeUndefined();
  });

  it('is given by /auth/config to a refresh cookie from before the hint existed, and only then', async () => {
    const { refresh } = await newSignedInUser(t, 'dee@example.org');
    const old = await t.call('GET', '/api/auth/config', { headers: withCookie(refresh) });
    expect(old.status).toBe(200);
    expect(hintLine(old.headers)).toMatch(/^fl_session=1;/);
    const hinted = await t.call('GET', '/api/auth/config', {
      headers: { Cookie: `fl_refresh=${refresh}; ${SESSION_HINT_COOKIE}=1` },
    });
    expect(hintLine(hinted.headers)).toBeUndefined();
    const signedOut = await t.call('GET', '/api/auth/config');
    expect(signedOut.status).toBe(200);
    expect(hintLine(signedOut.headers)).toBeUndefined();
  });
});
