import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createCreditsService, type TWalletOwner } from '../../../src/server/credits/credits.service';
import { parseCredits } from '../../../src/shared/domain/decimal';
import type { TestApp } from '../harness';

export const cr = (s: string) => parseCredits(s);

type Row = Record<string, string | null>;

/**
 * Every wallet's stored balance next to the sum of its ledger entries (in − out), straight from the
 * database, plus the totals of the system counterparties: the books must balance to the last 10^-12.
 */
export async function books(t: TestApp) {
  const result = (await t.database.db.execute(sql`
    select w.id, w.balance::text as balance, w.reserved::text as reserved,
      (coalesce((select sum(amount) from credit_transfers where to_wallet_id = w.id), 0)
        - coalesce((select sum(amount) from credit_transfers where from_wallet_id = w.id), 0))::text as entries
    from credit_wallets w order by w.id`)) as unknown as { rows: Row[] };
  const system = (await t.database.db.execute(sql`
    select coalesce((select sum(amount) from credit_transfers where from_wallet_id = 'system:grants'), 0)::text as granted,
      (coalesce((select sum(amount) from credit_transfers where to_wallet_id = 'system:usage'), 0)
        - coalesce((select sum(amount) from credit_transfers where from_wallet_id = 'system:usage'), 0))::text as used`)) as unknown as {
    rows: Row[];
  };
  const wallets = result.rows.map((r) => ({
    id: String(r.id),
    balance: cr(String(r.balance)),
    reserved: cr(String(r.reserved)),
    entries: cr(String(r.entries)),
  }));
  return { wallets, granted: cr(String(system.rows[0].granted)), used: cr(String(system.rows[0].used)) };
}

/** No balance below 0 or below its holds; each equals its entries; grants = balances + usage (net of refunds). */
export async function expectBooksBalance(t: TestApp): Promise<void> {
  const b = await books(t);
  for (const w of b.wallets) {
    expect(w.balance, `${w.id} balance ≥ 0`).toBeGreaterThanOrEqual(0n);
    expect(w.balance, `${w.id} balance ≥ reserved`).toBeGreaterThanOrEqual(w.reserved);
    expect(w.balance, `${w.id} balance = sum of its entries`).toBe(w.entries);
  }
  const total = b.wallets.reduce((s, w) => s + w.balance, 0n);
  expect(total + b.used, 'every granted credit is in a wallet or spent').toBe(b.granted);
}

export function creditsOf(t: TestApp, opts?: Parameters<typeof createCreditsService>[1]) {
  return createCreditsService(t.deps, opts);
}

export const user = (userId: string): TWalletOwner => ({ kind: 'user', userId });
export const org = (orgId: string): TWalletOwner => ({ kind: 'org', orgId });
export const apiKey = (id: string): TWalletOwner => ({ kind: 'apiKey', id });

/** Runs every call at once; each settles to `ok` with its value or `error` with its code. */
export async function all<T>(calls: Array<() => Promise<T>>) {
  const settled = await Promise.allSettled(calls.map((c) => c()));
  return settled.map((s) =>
    s.status === 'fulfilled'
      ? { ok: true as const, value: s.value }
      : { ok: false as const, code: (s.reason as { code?: string }).code ?? String(s.reason) },
  );
}
