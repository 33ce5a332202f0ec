import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSessionVersions, SESSION_VERSION_CACHE_MS } from '../../src/server/auth/session-versions';
import { users } from '../../src/server/db/schema';
import { lastCode, newSignedInUser, signIn, withCookie } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
}, APP_START_MS);
beforeEach(() => t.reset());
afterAll(() => t.close());

const me = (token: string) => t.call('GET', '/api/auth/me', { token });

describe('[HARDENING] sign-out ends access now', () => {
  it('sign-out ends every access token of the user at once, on every device', async () => {
    const laptop = await newSignedInUser(t, 'ann@example.org');
    const phone = await signIn(t, 'ann@example.org');
    expect((await me(laptop.token)).status).toBe(200);
    expect((await me(phone.token)).status).toBe(200);
    expect((await t.call('GET', '/api/projects', { token: phone.token })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { token: laptop.token })).status).toBe(200);
    expect((await me(laptop.token)).status).toBe(401);
    expect((await me(phone.token)).status).toBe(401);
    expect((await t.call('GET', '/api/projects', { token: phone.token })).status).toBe(401);
    // Signing in again works, and other users are not affected.
    const again = await signIn(t, 'ann@example.org');
    expect((await me(again.token)).status).toBe(200);
  });

  it('sign-out with the refresh cookie alone ends the access tokens too', async () => {
    const session = await newSignedInUser(t, 'bob@example.org');
    const other = await newSignedInUser(t, 'cat@example.org');
    const res = await t.call('POST', '/api/auth/logout', { headers: withCookie(session.refresh) });
    expect(res.status).toBe(200);
    expect((await me(session.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
  });

  it('a password reset ends every session at once', async () => {
    const session = await newSignedInUser(t, 'dan@example.org');
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'dan@example.org' } });
    const code = await lastCode(t, 'dan@example.org', 'reset');
    const reset = await t.call('POST', '/api/auth/reset-password', {
      body: { email: 'dan@example.org', code, password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    expect((await me(session.token)).status).toBe(401);
    expect((await signIn(t, 'dan@example.org', 'a brand new password')).token).toBeTruthy();
  });

  it('a refreshed access token carries the current version', async () => {
    const session = await newSignedInUser(t, 'eve@example.org');
    const refreshed = await t.call('POST', '/api/auth/refresh', { headers: withCookie(session.refresh) });
    expect(refreshed.status).toBe(200);
    expect((await me(refreshed.body.accessToken)).status).toBe(200);
  });
});

describe('[HARDENING] session versions are cached', () => {
  it('reads the database once per user within the cache time, and sees a bump here at once', async () => {
    await newSignedInUser(t, 'fay@example.org');
    const [user] = await t.database.db.select().from(users);
    let clock = 1_000_000;
    const versions = createSessionVersions(t.database.db, () => clock);
    expect(await versions.current(user.id)).toBe(0);
    // Another process raises the version: this one trusts its cache until the cache time is over.
    await createSessionVersions(t.database.db).bump(user.id);
    expect(await versions.current(user.id)).toBe(0);
    clock += SESSION_VERSION_CACHE_MS;
    expect(await versions.current(user.id)).toBe(1);
    // A bump in this process is seen at once.
    await versions.bump(user.id);
    expect(await versions.current(user.id)).toBe(2);
    expect(await versions.current('no-such-user')).toBeNull();
  });
});
