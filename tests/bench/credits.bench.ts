import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createCreditsService } from '../../src/server/credits/credits.service';
import { type Database, openDatabase } from '../../src/server/db/client';
import { formatCredits, parseCredits } from '../../src/shared/domain/decimal';
import type { Bench, BenchRow } from './bench';

/**
 * Spends per second through the credits service (the one function every AI feature calls), on one
 * hot wallet (every spend waits for the same row) and spread over 1,000 wallets, with p50/p99
 * latency. The hot wallet can afford all but the last few spends: those must be refused, and the
 * books must balance to the last 10^-12 afterwards (0 overspend).
 */
const CONCURRENCY = 32;
const PRICE = parseCredits('0.001250375');

interface Run {
  label: string;
  spends: number;
  /** Which wallet spend i pays from. */
  wallet(i: number): string;
  wallets: string[];
  /** Granted to each wallet before the run. */
  grant: bigint;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(database: Database, engine: string, run: Run): Promise<BenchRow[]> {
  await database.truncateAll();
  const credits = createCreditsService({ database });
  for (const w of run.wallets) {
    await credits.grant({ to: { kind: 'user', userId: w }, amount: run.grant, idempotencyKey: `g-${w}` });
  }
  // Warm-up on a wallet of its own: every pooled connection prepares the statements once.
  const warm = { kind: 'user' as const, userId: 'warm-up' };
  await credits.grant({ to: warm, amount: PRICE * 400n, idempotencyKey: 'g-warm-up' });
  await Promise.all(
    Array.from({ length: 400 }, (_, i) =>
      credits.charge({ payer: warm, amount: PRICE, idempotencyKey: `w-${i}` }),
    ),
  );
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < run.spends) {
        const i = next++;
        const t0 = performance.now();
        try {
          await credits.charge({
            payer: { kind: 'user', userId: run.wallet(i) },
            amount: PRICE,
            idempotencyKey: `s-${i}`,
          });
          ok++;
        } catch (error) {
          if ((error as { code?: string }).code !== 'UNIT_BALANCE_INSUFFICIENT') throw error;
          refused++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // The books: no wallet below 0, each equal to its entries, and exactly what was affordable spent.
  const check = (await database.db.execute(sql`
    select count(*) filter (where w.balance < 0) as negative,
      count(*) filter (where w.balance <> coalesce((select sum(amount) from credit_transfers where to_wallet_id = w.id), 0)
        - coalesce((select sum(amount) from credit_transfers where from_wallet_id = w.id), 0)) as unbalanced,
      sum(w.balance)::text as total
    from credit_wallets w`)) as unknown as {
    rows: Array<{ negative: unknown; unbalanced: unknown; total: string }>;
  };
  const { negative, unbalanced, total } = check.rows[0];
  const granted = run.grant * BigInt(run.wallets.length);
  const overspend = parseCredits(total) + PRICE * BigInt(ok) - granted;
  const affordable = run.wallets.length === 1 ? Number(run.grant / PRICE) : null;
  const sorted = latencies.sort((a, b) => a - b);
  const rate = ok / seconds;
  const books =
    Number(negative) === 0 &&
    Number(unbalanced) === 0 &&
    overspend === 0n &&
    (affordable === null || ok === affordable);
  const hot = run.wallets.length === 1;
  return [
    {
      figure: `credits: spends/s, ${run.label}, ${engine}`,
      value: `${rate.toFixed(0)}/s`,
      target: hot && engine === 'PostgreSQL' ? '≥ 2,000/s' : '',
      withinTarget: hot && engine === 'PostgreSQL' ? rate >= 2000 : null,
    },
    {
      figure: `credits: latency p50 / p99, ${run.label}, ${engine}`,
      value: `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`,
      target: '',
      withinTarget: null,
    },
    {
      figure: `credits: overspend, ${run.label}, ${engine}`,
      value: books ? '0' : `${formatCredits(overspend)} (books ${books ? 'ok' : 'WRONG'})`,
      target: '0',
      withinTarget: books,
      notes: [
        `credits (${engine}, ${run.label}): ${ok} spends of ${formatCredits(PRICE)} went through and ${refused} were refused in ${seconds.toFixed(2)} s, ${CONCURRENCY} at a time; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
      ],
    },
  ];
}

function runs(spends: number): Run[] {
  const many = Array.from({ length: 1000 }, (_, i) => `w${i}`);
  return [
    // All but the last 1% of the spends are affordable.
    {
      label: 'one hot wallet',
      spends,
      wallets: ['hot'],
      wallet: () => 'hot',
      grant: PRICE * BigInt(Math.floor(spends * 0.99)),
    },
    {
      label: '1,000 wallets',
      spends,
      wallets: many,
      wallet: (i) => many[(i * 7919) % many.length],
      grant: parseCredits('10'),
    },
  ];
}

export const creditsBench: Bench = {
  name: 'credits',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    const pglite = await openDatabase({ pgliteDir: 'memory://' });
    try {
      for (const r of runs(2000)) rows.push(...(await measure(pglite, 'PGlite', r)));
    } finally {
      await pglite.close();
    }
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return rows;
    const pg = await openDatabase({ url });
    try {
      for (const r of runs(10_000)) rows.push(...(await measure(pg, 'PostgreSQL', r)));
    } finally {
      await pg.truncateAll();
      await pg.close();
    }
    return rows;
  },
};
