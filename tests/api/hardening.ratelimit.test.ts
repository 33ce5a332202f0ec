import type { BlockList } from 'node:net';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../src/server/env';
import { clientIp, parseTrustedProxies } from '../../src/server/http/client-ip';
import type { AppEnv } from '../../src/server/http/context';
import { createVerifiedUser, lastCode, mailsTo } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { callFrom } from './helpers/from-address';

describe('[HARDENING] X-Forwarded-For is believed only from TRUST_PROXY', () => {
  const ipOf = async (proxies: BlockList, peer: string, forwarded?: string) => {
    const app = new Hono<AppEnv>().get('/', (c) => c.text(clientIp(c, proxies)));
    const headers: Record<string, string> = forwarded ? { 'X-Forwarded-For': forwarded } : {};
    const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
    return res.text();
  };

  it('ignores X-Forwarded-For by default: the socket address counts', async () => {
    const none = parseTrustedProxies(readEnv({}).TRUST_PROXY);
    expect(await ipOf(none, '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(await ipOf(none, '::ffff:198.51.100.1')).toBe('198.51.100.1');
  });

  it('reads the first address right of the trusted proxies, never one the client wrote', async () => {
    const proxies = parseTrustedProxies('10.0.0.0/8, ::1');
    expect(await ipOf(proxies, '10.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(proxies, '::1', 'forged, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    // A client that is not a proxy cannot pick its address.
    expect(await ipOf(proxies, '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
  });

  it('refuses a TRUST_PROXY that is not addresses or ranges', () => {
    expect(() => readEnv({ TRUST_PROXY: 'my-proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(readEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1, 10.0.0.0/8');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(() => t.reset());
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

const login = (email: string, password: string, peer: string, headers: Record<string, string> = {}) =>
  callFrom(t, peer, '/api/auth/login', { email, password }, headers);

describe('[HARDENING] sign-in limits cannot be dodged or turned against the owner', () => {
  it('a forged X-Forwarded-For does not buy a guesser fresh addresses', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login(`user${i}@example.org`, 'wrong', '198.51.100.1', {
        'X-Forwarded-For': `203.0.113.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const next = await login('user99@example.org', 'wrong', '198.51.100.1', {
      'X-Forwarded-For': '203.0.113.200',
    });
    expect(next.status).toBe(429);
  });

  it('ten wrong passwords from one address do not lock the owner out elsewhere', async () => {
    await createVerifiedUser(t, 'ann@example.org', 'the right password');
    for (let i = 0; i < 10; i++)
      expect((await login('ann@example.org', 'wrong', '203.0.113.66')).status).toBe(401);
    expect((await login('ann@example.org', 'wrong', '203.0.113.66')).status).toBe(429);
    expect((await login('ann@example.org', 'the right password', '198.51.100.5')).status).toBe(200);
  });

  it('many failures from many addresses pace the addresses that failed, never the account', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    await createVerifiedUser(t, 'bob@example.org', 'the right password');
    for (let i = 0; i < 10; i++)
      expect((await login('bob@example.org', 'wrong', `203.0.113.${i}`)).status).toBe(401);
    // Past 10 failures from anywhere, an address that failed on the account is paced to one try per 30 s…
    expect((await login('bob@example.org', 'wrong', '203.0.113.50')).status).toBe(401);
    const slowed = await login('bob@example.org', 'wrong', '203.0.113.50');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({
      errorCode: 'RATE_LIMITED',
      message: 'Too many failed sign-ins for this account. Please wait a moment and try again.',
    });
    expect(Number(slowed.headers.get('retry-after'))).toBe(30);
    // …while the owner, from an address that has not failed, signs in at once.
    expect((await login('bob@example.org', 'the right password', '198.51.100.5')).status).toBe(200);
    vi.setSystemTime(new Date('2030-01-01T10:00:30Z'));
    expect((await login('bob@example.org', 'wrong', '203.0.113.50')).status).toBe(401);
  });

  it('a right password gives its attempt back: a busy school behind one address is not limited', async () => {
    await createVerifiedUser(t, 'cat@example.org', 'the right password');
    for (let i = 0; i < 35; i++) {
      expect((await login('cat@example.org', 'the right password', '192.0.2.10')).status).toBe(200);
    }
  });
});

describe('[HARDENING] verification codes', () => {
  it('mails at most 5 codes per e-mail per hour, with a clear message, whether or not it has an account', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const body = { email: 'dan@example.org', password: 'long enough password' };
    expect((await t.call('POST', '/api/auth/signup', { body })).status).toBe(201);
    for (let i = 0; i < 4; i++) {
      // A second apart, so the outbox orders the mails.
      vi.setSystemTime(new Date(Date.now() + 1000));
      const res = await t.call('POST', '/api/auth/resend-code', { body: { email: 'dan@example.org' } });
      expect(res.status).toBe(200);
    }
    const capped = await t.call('POST', '/api/auth/resend-code', { body: { email: 'dan@example.org' } });
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({
      errorCode: 'CODE_LIMIT_REACHED',
      message:
        'Too many codes were sent to this e-mail address. Please use the last code or try again in an hour.',
    });
    expect(Number(capped.headers.get('retry-after'))).toBe(3600 - 4);
    expect((await mailsTo(t, 'dan@example.org')).length).toBe(5);
    // The last code still works.
    const ok = await t.call('POST', '/api/auth/verify', {
      body: { email: 'dan@example.org', code: await lastCode(t, 'dan@example.org'), password: body.password },
    });
    expect(ok.status).toBe(200);
    // An address without an account answers the same way.
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.call('POST', '/api/auth/forgot-password', { body: { email: 'x@example.org' } })).status,
      ).toBe(200);
    }
    const ghost = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'x@example.org' } });
    expect(ghost.body.errorCode).toBe('CODE_LIMIT_REACHED');
    vi.setSystemTime(new Date('2030-01-01T11:00:05Z'));
    expect(
      (await t.call('POST', '/api/auth/forgot-password', { body: { email: 'x@example.org' } })).status,
    ).toBe(200);
  });
});

describe('[HARDENING] tries per code', () => {
  it('a second sign-up does not give the first code more than 5 tries', async () => {
    const email = 'eve@example.org';
    const signup = (password: string) => t.call('POST', '/api/auth/signup', { body: { email, password } });
    const verify = (code: string) =>
      t.call('POST', '/api/auth/verify', { body: { email, code, password: 'second password' } });
    expect((await signup('first password')).status).toBe(201);
    const first = await lastCode(t, email);
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect((await verify(wrong)).body.errorCode).not.toBe('CODE_ATTEMPTS_EXCEEDED');
    expect((await signup('second password')).status).toBe(201);
    const res = await verify(first);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('CODE_ATTEMPTS_EXCEEDED');
    // The new sign-up's own code still has its tries.
    expect((await verify(await lastCode(t, email))).status).toBe(200);
  });
});
