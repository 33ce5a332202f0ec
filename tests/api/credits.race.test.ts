import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCredits } from '../../src/shared/domain/decimal';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { all, apiKey, books, cr, creditsOf, expectBooksBalance, user } from './helpers/credits';

/**
 * Concurrency on the real database (PGlite here, PostgreSQL 15 when TEST_DATABASE_URL is set, as CI
 * does): many spends at once against wallets that can pay for only some of them.
 */
const RACE_MS = 120_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('[CREDITS] 1,000 concurrent spends', () => {
  it(
    'exactly the affordable number succeed, nothing goes below 0, and retries charge once',
    async () => {
      const credits = creditsOf(t);
      // A price with 12 decimals; each wallet holds 37 of them and a crumb.
      const price = cr('0.123456789012');
      const start = price * 37n + cr('0.000000000011');
      const wallets = ['w1', 'w2', 'w3', 'w4', 'w5'];
      for (const w of wallets)
        await credits.grant({ to: user(w), amount: start, idempotencyKey: `seed-${w}` });

      // 200 calls per wallet: 160 distinct spends and 40 retries of them, all started together.
      const calls = wallets.flatMap((w) =>
        Array.from({ length: 200 }, (_, i) => {
          const key = `${w}-${i < 160 ? i : (i * 7) % 160}`;
          return {
            w,
            key,
            run: () => credits.charge({ payer: user(w), amount: price, idempotencyKey: key }),
          };
        }),
      );
      const results = await all(calls.map((c) => c.run));
      expect(results).toHaveLength(1000);
      const refused = results.filter((r) => !r.ok);
      expect(new Set(refused.map((r) => (r.ok ? '' : r.code)))).toEqual(
        new Set(['UNIT_BALANCE_INSUFFICIENT']),
      );

      for (const w of wallets) {
        const mine = calls.map((c, i) => ({ ...c, r: results[i] })).filter((c) => c.w === w);
        const charged = new Set(mine.filter((c) => c.r.ok && !c.r.value.replayed).map((c) => c.key));
        const okKeys = new Set(mine.filter((c) => c.r.ok).map((c) => c.key));
        // Each key charged at most once: new charges are distinct keys; replays only of charged keys.
        expect(mine.filter((c) => c.r.ok && !c.r.value.replayed)).toHaveLength(charged.size);
        expect(charged.size, `${w}: spends that went through`).toBe(37);
        expect(okKeys).toEqual(charged);
        const b = await credits.balanceOf(user(w));
        expect(formatCredits(b.balance)).toBe('0.000000000011');
      }
      await expectBooksBalance(t);
    },
    RACE_MS,
  );

  it(
    'top-ups and spends mixed across wallets keep every balance equal to its ledger',
    async () => {
      const credits = creditsOf(t);
      const users = Array.from({ length: 10 }, (_, i) => `u${i}`);
      for (const u of users) await credits.grant({ to: user(u), amount: cr('10'), idempotencyKey: `g-${u}` });
      // Each user tops up their API key and spends; each key spends what it received, if it has it.
      const calls = users.flatMap((u, n) =>
        Array.from({ length: 100 }, (_, i) => {
          const amount = cr(`0.${String(((n + 1) * 7919 * (i + 1)) % 1_000_000).padStart(6, '0')}000001`);
          const key = `${u}-${i}`;
          if (i % 3 === 0)
            return () =>
              credits.transfer({
                from: user(u),
                to: apiKey(u),
                amount,
                reason: 'topUp',
                idempotencyKey: key,
              });
          if (i % 3 === 1) return () => credits.charge({ payer: apiKey(u), amount, idempotencyKey: key });
          return () => credits.charge({ payer: user(u), amount, idempotencyKey: key });
        }),
      );
      const results = await all(calls);
      expect(results).toHaveLength(1000);
      expect(results.some((r) => r.ok)).toBe(true);
      expect(results.some((r) => !r.ok)).toBe(true);
      for (const r of results) if (!r.ok) expect(r.code).toBe('UNIT_BALANCE_INSUFFICIENT');
      await expectBooksBalance(t);
      // What the answers say moved equals what the books say was spent.
      const spent = results.reduce((s, r, i) => (r.ok && (i % 100) % 3 !== 0 ? s + r.value.amount : s), 0n);
      expect((await books(t)).used).toBe(spent);
    },
    RACE_MS,
  );
});

describe('[CREDITS] reserve, then settle, under 50 parallel streams', () => {
  it(
    'never holds more than the wallet has; settled costs and released holds add up',
    async () => {
      const credits = creditsOf(t);
      await credits.grant({ to: user('s'), amount: cr('10'), idempotencyKey: 'g-s' });
      let running = 0;
      let most = 0;
      const stream = async (i: number) => {
        const r = await credits.reserve({ payer: user('s'), upTo: cr('1'), idempotencyKey: `stream-${i}` });
        running++;
        most = Math.max(most, running);
        await new Promise((done) => setTimeout(done, 5 + (i % 7) * 3));
        running--;
        // Every fifth stream is aborted; the others cost a fraction of what they held.
        if (i % 5 === 0) return { i, ...(await credits.release(r.id)), charged: 0n };
        return { i, ...(await credits.settle(r.id, cr(`0.${String(100 + i)}`))) };
      };
      const results = await all(Array.from({ length: 50 }, (_, i) => () => stream(i)));
      const ok = results.filter((r) => r.ok);
      expect(ok.length).toBeGreaterThanOrEqual(10);
      expect(most, 'holds at once (10 credits, 1 each)').toBeLessThanOrEqual(10);
      for (const r of results) if (!r.ok) expect(r.code).toBe('UNIT_BALANCE_INSUFFICIENT');
      const charged = ok.reduce((s, r) => s + (r.ok ? r.value.charged : 0n), 0n);
      const b = await credits.balanceOf(user('s'));
      expect(b.reserved).toBe(0n);
      expect(b.balance).toBe(cr('10') - charged);
      await expectBooksBalance(t);
    },
    RACE_MS,
  );

  it(
    'holds and plain spends racing for one wallet never overspend it',
    async () => {
      const credits = creditsOf(t);
      await credits.grant({ to: user('m'), amount: cr('5'), idempotencyKey: 'g-m' });
      const calls = Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? () =>
              credits
                .charge({ payer: user('m'), amount: cr('0.3'), idempotencyKey: `c-${i}` })
                .then(() => cr('0.3'))
          : () =>
              credits
                .withReservation(
                  { payer: user('m'), upTo: cr('0.5'), idempotencyKey: `r-${i}` },
                  async () => ({
                    result: null,
                    actual: cr('0.2'),
                  }),
                )
                .then((x) => x.charged),
      );
      const results = await all(calls);
      const spent = results.reduce((s, r) => (r.ok ? s + r.value : s), 0n);
      const b = await credits.balanceOf(user('m'));
      expect(b.balance).toBe(cr('5') - spent);
      expect(b.balance).toBeGreaterThanOrEqual(0n);
      for (const r of results) if (!r.ok) expect(r.code).toBe('UNIT_BALANCE_INSUFFICIENT');
      await expectBooksBalance(t);
    },
    RACE_MS,
  );
});
