import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressBucket } from '../../src/server/http/address-bucket';
import { createVerifiedUser } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { callFrom } from './helpers/from-address';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(() => t.reset());
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

const EMAIL = 'owner@example.org';
const RIGHT = 'the right password';
const login = (password: string, peer: string) =>
  callFrom(t, peer, '/api/auth/login', { email: EMAIL, password });
const at = (iso: string) => vi.setSystemTime(new Date(iso));
const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

describe('[HARDENING] nobody can lock another person out', () => {
  beforeEach(async () => {
    await createVerifiedUser(t, EMAIL, RIGHT);
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2030-01-01T10:00:00Z');
  });

  it('the probe of the issue: 10 quick failures, then one every 25 s from other addresses, never keep the owner out', async () => {
    for (let i = 0; i < 10; i++) expect((await login('wrong', '203.0.113.1')).status).toBe(401);
    // Fifteen minutes of one wrong password every 25 s, taking turns over three more addresses.
    for (let round = 0; round < 36; round++) {
      later(25_000);
      const attacker = await login('wrong', `203.0.113.${2 + (round % 3)}`);
      expect([401, 429]).toContain(attacker.status);
      // The owner types the right password from a fourth address, at any moment of the attack.
      if (round % 6 === 0) expect((await login(RIGHT, '198.51.100.4')).status).toBe(200);
    }
  });

  it('limits the addresses that failed, not the account: the first one is refused even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await login('wrong', '203.0.113.1')).status).toBe(401);
    const refused = await login(RIGHT, '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(900);
    // Past the account's allowance, an address that has failed once takes one attempt per 30 s.
    expect((await login('wrong', '203.0.113.2')).status).toBe(401);
    const paced = await login('wrong', '203.0.113.2');
    expect(paced.status).toBe(429);
    expect(paced.body.message).toBe(
      'Too many failed sign-ins for this account. Please wait a moment and try again.',
    );
    expect(Number(paced.headers.get('retry-after'))).toBe(30);
    later(30_000);
    expect((await login('wrong', '203.0.113.2')).status).toBe(401);
    // An address that has not failed goes straight on.
    expect((await login(RIGHT, '198.51.100.9')).status).toBe(200);
  });

  it("the owner's refused attempts do not count against the owner", async () => {
    for (let i = 0; i < 10; i++) expect((await login('wrong', '203.0.113.1')).status).toBe(401);
    // The owner mistypes once, then keeps pressing "sign in" while paced: 25 refusals.
    expect((await login('typo', '198.51.100.4')).status).toBe(401);
    for (let i = 0; i < 25; i++) expect((await login(RIGHT, '198.51.100.4')).status).toBe(429);
    later(30_000);
    // Were the refusals counted, the address would be over its 10 failures (and its 30) by now.
    expect((await login(RIGHT, '198.51.100.4')).status).toBe(200);
    // The right password forgave the address its typo: no pacing left on it.
    expect((await login(RIGHT, '198.51.100.4')).status).toBe(200);
  });

  it('counts an IPv6 caller by its /64, so fresh addresses of one subscriber buy no fresh allowance', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login('wrong', `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(401);
    expect((await login('wrong', '2001:db8:1:2:ffff::77')).status).toBe(429);
    expect((await login(RIGHT, '2001:db8:1:3::1')).status).toBe(200);
  });
});

describe('[HARDENING] address buckets', () => {
  it('keeps IPv4 addresses whole and folds IPv6 into its /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
