import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** ARCHITECTURE §3: exact decimals, 12 fractional digits; read as strings, parsed to scaled bigint. */
const credits = (name: string) => numeric(name, { precision: 30, scale: 12 });

/**
 * One wallet per user, organisation, API key and public access link. The id says whose it is
 * (`user:<id>`, `org:<id>`, `apiKey:<id>`, `accessLink:<id>`), so a spend needs no lookup first.
 * `balance` is always the sum of the wallet's transfers (in minus out); `reserved` is the part held by
 * calls still running (reserve → settle/release), which cannot be spent twice.
 * Only src/server/credits changes these rows, with guarded UPDATEs (credits.repo.ts).
 */
export const creditWallets = pgTable(
  'credit_wallets',
  {
    id: text('id').primaryKey(),
    ownerKind: text('owner_kind', { enum: ['user', 'org', 'apiKey', 'accessLink'] }).notNull(),
    ownerId: text('owner_id').notNull(),
    balance: credits('balance').notNull().default('0'),
    reserved: credits('reserved').notNull().default('0'),
    /** Organisations: the most that may leave the wallet in one calendar month (UTC); null = none. */
    monthlyLimit: credits('monthly_limit'),
    /** 'YYYY-MM' (UTC) that spent_month counts; another month means 0 spent so far. */
    monthKey: text('month_key'),
    spentMonth: credits('spent_month').notNull().default('0'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('credit_wallets_amounts', sql`${t.reserved} >= 0 and ${t.balance} >= ${t.reserved}`),
    check('credit_wallets_limit', sql`${t.monthlyLimit} is null or ${t.monthlyLimit} >= 0`),
  ],
);

/**
 * The ledger: every movement of credits is one row, from one wallet to another (double entry), written
 * in the same statement as the guarded balance updates. `system:grants` (credits an operator or the
 * seed created) and `system:usage` (credits spent on AI) are counterparties without a balance row.
 * Append-only; `seq` orders it and pages it.
 */
export const creditTransfers = pgTable(
  'credit_transfers',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    fromWalletId: text('from_wallet_id').notNull(),
    toWalletId: text('to_wallet_id').notNull(),
    amount: credits('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull().default(''),
    /** A retried request with the same key charges once (unique). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The user who caused it, when there is one (the operator of a grant, the caller of a spend). */
    createdBy: text('created_by'),
    fromBalanceAfter: credits('from_balance_after'),
    toBalanceAfter: credits('to_balance_after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_transfers_key_idx').on(t.idempotencyKey),
    index('credit_transfers_from_idx').on(t.fromWalletId, t.seq),
    index('credit_transfers_to_idx').on(t.toWalletId, t.seq),
    /** Sums by reference prefix (an assignment's AI usage in its reports). */
    index('credit_transfers_reference_idx').using('btree', t.reference.op('text_pattern_ops')),
    check('credit_transfers_amount', sql`${t.amount} > 0 and ${t.fromWalletId} <> ${t.toWalletId}`),
  ],
);

/**
 * Credits held for a call whose cost is known only afterwards (a streamed AI answer): reserved up to
 * an upper bound, then settled at the real cost or released. An open hold past `expires_at` (a server
 * that stopped mid-call) is released by the next spend that needs the credits.
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: text('id').primaryKey(),
    walletId: text('wallet_id').notNull(),
    amount: credits('amount').notNull(),
    status: text('status', { enum: ['open', 'settled', 'released', 'expired'] }).notNull(),
    charged: credits('charged'),
    transferId: text('transfer_id'),
    reason: text('reason').notNull(),
    reference: text('reference').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('credit_reservations_key_idx').on(t.idempotencyKey),
    index('credit_reservations_open_idx').on(t.walletId, t.expiresAt).where(sql`${t.status} = 'open'`),
    check('credit_reservations_amount', sql`${t.amount} > 0`),
  ],
);
