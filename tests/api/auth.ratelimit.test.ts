import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { callFrom } from './helpers/from-address';

let t: TestApp;
beforeAll(async () => {
  // The code cap per hour has its own tests (hardening.ratelimit.test.ts).
  t = await createTestApp({ AUTH_CODES_PER_HOUR: '1000' });
}, APP_START_MS);
beforeEach(() => t.reset());
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

const login = (email: string, ip = '203.0.113.7') =>
  callFrom(t, ip, '/api/auth/login', { email, password: 'wrong password' });

describe('[AUTH] rate limits', () => {
  it('allows 10 failed sign-ins per account from one address in 15 minutes, then 429 with Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    for (let i = 0; i < 10; i++) expect((await login('ann@example.org')).status).toBe(401);
    const limited = await login('ann@example.org');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      errorCode: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(900);
    // Other accounts from that address are not affected.
    expect((await login('bob@example.org')).status).toBe(401);
    vi.setSystemTime(new Date('2030-01-01T10:05:00Z'));
    expect(Number((await login('ann@example.org')).headers.get('retry-after'))).toBe(600);
    vi.setSystemTime(new Date('2030-01-01T10:15:01Z'));
    expect((await login('ann@example.org')).status).toBe(401);
  });

  it('allows 30 failed sign-ins per address, whatever the e-mail', async () => {
    for (let i = 0; i < 30; i++) expect((await login(`user${i}@example.org`, '192.0.2.1')).status).toBe(401);
    expect((await login('fresh@example.org', '192.0.2.1')).status).toBe(429);
    expect((await login('fresh@example.org', '192.0.2.2')).status).toBe(401);
  });

  it('limits the code endpoints per e-mail', async () => {
    const verify = () =>
      t.call('POST', '/api/auth/verify', {
        body: { email: 'cat@example.org', code: '123456', password: 'long enough password' },
      });
    for (let i = 0; i < 10; i++) expect((await verify()).status).toBe(400);
    const res = await verify();
    expect(res.status).toBe(429);
    expect(res.body.errorCode).toBe('RATE_LIMITED');
    // Each endpoint has its own allowance: sign-in still works for the address.
    expect((await login('cat@example.org')).status).toBe(401);
  });

  it('limits sign-up, resend, forgot and reset as well', async () => {
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/auth/signup', { email: 'dan@example.org', password: 'long enough password' }],
      ['/api/auth/resend-code', { email: 'dan@example.org', purpose: 'signup' }],
      ['/api/auth/forgot-password', { email: 'dan@example.org' }],
      [
        '/api/auth/reset-password',
        { email: 'dan@example.org', code: '123456', password: 'long enough password' },
      ],
    ];
    for (const [path, body] of calls) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await t.call('POST', path, { body })).status);
      expect(
        statuses.slice(0, 10).every((s) => s !== 429),
        path,
      ).toBe(true);
      expect(statuses[10], path).toBe(429);
    }
  });
});

describe('[AUTH] rate limits are configurable', () => {
  it(
    'reads the limits from the environment',
    async () => {
      const small = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_IP: '50' });
      try {
        const call = () =>
          small.call('POST', '/api/auth/login', { body: { email: 'eve@example.org', password: 'x' } });
        expect((await call()).status).toBe(401);
        expect((await call()).status).toBe(401);
        expect((await call()).status).toBe(429);
      } finally {
        await small.close();
      }
    },
    APP_START_MS,
  );
});
