import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { formatCredits } from '../../shared/domain/decimal';
import type { Db } from '../db/client';
import { creditReservations, creditTransfers, creditWallets } from '../db/schema';
import type { WalletKind } from './credits.repo';

/** Reads of wallets, the ledger and holds, and the plain writes that need no guard. */
export type WalletRow = typeof creditWallets.$inferSelect;
export type TransferRow = typeof creditTransfers.$inferSelect;
export type ReservationRow = typeof creditReservations.$inferSelect;

async function rows(db: Db, query: SQL): Promise<Array<Record<string, unknown>>> {
  const result = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

export async function markLateSettled(
  db: Db,
  reservationId: string,
  charged: bigint,
  transferId: string | null,
): Promise<void> {
  await db
    .update(creditReservations)
    .set({ status: 'settled', charged: formatCredits(charged), transferId })
    .where(and(eq(creditReservations.id, reservationId), eq(creditReservations.status, 'expired')));
}

export async function findWallet(db: Db, id: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(creditWallets).where(eq(creditWallets.id, id));
  return row ?? null;
}

export async function findTransferByKey(db: Db, key: string): Promise<TransferRow | null> {
  const [row] = await db.select().from(creditTransfers).where(eq(creditTransfers.idempotencyKey, key));
  return row ?? null;
}

export async function findReservation(db: Db, id: string): Promise<ReservationRow | null> {
  const [row] = await db.select().from(creditReservations).where(eq(creditReservations.id, id));
  return row ?? null;
}

export async function findReservationByKey(db: Db, key: string): Promise<ReservationRow | null> {
  const [row] = await db.select().from(creditReservations).where(eq(creditReservations.idempotencyKey, key));
  return row ?? null;
}

/** Sets (or, with null, removes) a wallet's monthly limit, creating the wallet when needed. */
export async function upsertMonthlyLimit(
  db: Db,
  wallet: { id: string; kind: WalletKind; ownerId: string },
  limit: bigint | null,
): Promise<void> {
  const value = limit === null ? null : formatCredits(limit);
  await db
    .insert(creditWallets)
    .values({ id: wallet.id, ownerKind: wallet.kind, ownerId: wallet.ownerId, monthlyLimit: value })
    .onConflictDoUpdate({ target: creditWallets.id, set: { monthlyLimit: value, updatedAt: new Date() } });
}

/** A wallet's movements, newest first, `before` a seq (exclusive). */
export async function listTransfers(
  db: Db,
  walletId: string,
  opts: { limit: number; before?: number },
): Promise<TransferRow[]> {
  const touches = or(eq(creditTransfers.fromWalletId, walletId), eq(creditTransfers.toWalletId, walletId));
  const where = opts.before ? and(touches, lt(creditTransfers.seq, opts.before)) : touches;
  return db.select().from(creditTransfers).where(where).orderBy(desc(creditTransfers.seq)).limit(opts.limit);
}

export interface GrantRow {
  id: string;
  toWalletId: string;
  amount: string;
  reference: string;
  createdAt: Date;
  label: string | null;
}

/** The latest grants with the name of who received them (an e-mail or an organisation name). */
export async function listGrants(db: Db, limit: number): Promise<GrantRow[]> {
  const found = await rows(
    db,
    sql`select t.id, t.to_wallet_id, t.amount::text as amount, t.reference,
        to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        coalesce(u.email, o.name) as label
      from credit_transfers t
      left join users u on t.to_wallet_id = 'user:' || u.id
      left join organizations o on t.to_wallet_id = 'org:' || o.id
      where t.from_wallet_id = 'system:grants'
      order by t.seq desc limit ${limit}`,
  );
  return found.map((r) => ({
    id: String(r.id),
    toWalletId: String(r.to_wallet_id),
    amount: String(r.amount),
    reference: String(r.reference ?? ''),
    createdAt: new Date(String(r.created_at)),
    label: (r.label as string | null) ?? null,
  }));
}

export interface WalletSummaryRow {
  id: string;
  balance: string;
  reserved: string;
  /** Everything the wallet paid for usage (to system:usage), ever, less what was refunded. */
  spent: string;
}

/** Balance, holds and total usage of several wallets in one query (a wallet never used reads as 0). */
export async function walletSummaries(db: Db, ids: string[]): Promise<Map<string, WalletSummaryRow>> {
  const out = new Map<string, WalletSummaryRow>();
  if (ids.length === 0) return out;
  const found = await rows(
    db,
    sql`select w.id, w.balance::text as balance, w.reserved::text as reserved,
        coalesce((select sum(case when t.to_wallet_id = 'system:usage' then t.amount else -t.amount end)
          from credit_transfers t where (t.from_wallet_id = w.id and t.to_wallet_id = 'system:usage')
            or (t.from_wallet_id = 'system:usage' and t.to_wallet_id = w.id)), 0)::text as spent
      from credit_wallets w where w.id in ${ids}`,
  );
  for (const r of found) {
    out.set(String(r.id), {
      id: String(r.id),
      balance: String(r.balance),
      reserved: String(r.reserved),
      spent: String(r.spent),
    });
  }
  return out;
}

/**
 * What was spent on usage per reference that starts with `prefix` (e.g. 'player:<assignmentId>:'), less
 * its refunds, as exact decimal strings. Uses credit_transfers_reference_idx (text_pattern_ops).
 */
export async function usageByReferencePrefix(
  db: Db,
  prefix: string,
): Promise<Array<{ reference: string; total: string }>> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await rows(
    db,
    sql`select reference,
        sum(case when to_wallet_id = 'system:usage' then amount else -amount end)::text as total
      from credit_transfers
      where reference like ${pattern} and 'system:usage' in (to_wallet_id, from_wallet_id)
      group by reference`,
  );
  return found.map((r) => ({ reference: String(r.reference), total: String(r.total) }));
}
