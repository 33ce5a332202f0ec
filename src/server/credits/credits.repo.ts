import { formatCredits, parseCredits } from '../../shared/domain/decimal';
import type { Db } from '../db/client';
import { type CarriedRead, namedStatement } from '../db/named-statement';

/**
 * The statements that change balances (reads are in wallets.repo.ts). Every change of a balance is ONE statement (data-modifying CTEs): the
 * guarded UPDATE (`balance - reserved >= amount`, and the monthly limit) and the ledger row commit
 * together or not at all, with one round trip, so a hot wallet's row lock is held as briefly as
 * possible. The unique idempotency key makes a retried statement fail as a whole (23505), which the
 * service reads as "already done".
 */
export type WalletKind = 'user' | 'org' | 'apiKey' | 'accessLink';

const credits = (v: unknown): bigint | null =>
  v === null || v === undefined ? null : parseCredits(String(v));

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function dbErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

const statement = (name: string, text: string) => namedStatement(`credits_${name}`, text);

/** May `:amount` leave the wallet now: available balance, and the monthly limit counting open holds. */
const SPENDABLE = `balance - reserved >= :amount::numeric
  and (monthly_limit is null
    or (case when month_key = :month then spent_month else 0 end) + reserved + :amount::numeric <= monthly_limit)`;

/** The month's outflow after `amount` more left the wallet ('YYYY-MM', UTC); `row.` names the row. */
const spentAfter = (amount: string, row = '') =>
  `spent_month = case when ${row}month_key = :month then ${row}spent_month + ${amount} else ${amount} end,
    month_key = :month`;

/** A wallet as the refused statement saw it, to say why (balance or monthly limit). */
export interface WalletState {
  balance: bigint;
  reserved: bigint;
  monthlyLimit: bigint | null;
  spentThisMonth: bigint;
}

/** How a refused statement describes the paying wallet, without a second round trip. */
const walletState = (walletParam: string) => `(select json_build_object(
    'balance', balance::text, 'reserved', reserved::text, 'monthlyLimit', monthly_limit::text,
    'spent', (case when month_key = :month then spent_month else 0 end)::text)
  from credit_wallets where id = ${walletParam})`;

function readState(v: unknown): WalletState | null {
  if (!v) return null;
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string | null>;
  return {
    balance: parseCredits(String(o.balance)),
    reserved: parseCredits(String(o.reserved)),
    monthlyLimit: o.monthlyLimit === null ? null : parseCredits(String(o.monthlyLimit)),
    spentThisMonth: parseCredits(String(o.spent)),
  };
}

export interface MoveInput {
  id: string;
  /** A wallet id; `system:…` ids have no row and no guard. */
  from: string;
  to: string;
  /** Needed when `to` is an owner wallet that may not exist yet. */
  toOwner?: { kind: WalletKind; id: string };
  amount: bigint;
  reason: string;
  reference: string;
  idempotencyKey: string;
  createdBy: string | null;
  month: string;
}

export type MoveOutcome =
  | { moved: true; fromBalance: bigint | null; toBalance: bigint | null }
  | { moved: false; existingTransfer: boolean; from: WalletState | null };

const isSystem = (walletId: string) => walletId.startsWith('system:');

const debit = (lockedFirst = '') => `debit as (
  update credit_wallets set balance = balance - :amount::numeric, ${spentAfter(':amount::numeric')}, updated_at = now()
  where id = :from ${lockedFirst} and ${SPENDABLE}
  returning balance)`;
const DEBIT = debit();
/**
 * Two wallets paying each other at once would lock the two rows in opposite orders (a deadlock that
 * PostgreSQL breaks only after deadlock_timeout): a transfer locks both rows in id order first. The
 * debit's condition reads `locked`, which makes it run before the update takes its row.
 */
const LOCK_BOTH = `locked as (
  select id from credit_wallets where id = any(array[:from::text, :to::text]) order by id for update)`;
const credit = (source: string) => `credit as (
  insert into credit_wallets (id, owner_kind, owner_id, balance)
  select :to::text, :toKind::text, :toOwner::text, :amount::numeric ${source}
  on conflict (id) do update set balance = credit_wallets.balance + excluded.balance, updated_at = now()
  returning balance)`;
const insertTransfer = (fromAfter: string, toAfter: string, source: string) => `ins as (
  insert into credit_transfers (id, from_wallet_id, to_wallet_id, amount, reason, reference,
    idempotency_key, created_by, from_balance_after, to_balance_after)
  select :id::text, :from::text, :to::text, :amount::numeric, :reason::text, :reference::text,
    :key::text, :by::text, ${fromAfter}, ${toAfter} ${source}
  returning id)`;
const REFUSAL = `case when not exists (select 1 from ins) then ${walletState(':from')} end as state,
  case when not exists (select 1 from ins) then exists (
    select 1 from credit_transfers where idempotency_key = :key) end as existing`;

/** The three shapes of a movement: owner → system (a spend), owner → owner, system → owner (a grant). */
const SPEND = statement(
  'spend',
  `with ${DEBIT}, ${insertTransfer('(select balance from debit)', 'null::numeric', 'from debit')}
  select (select id from ins) as id, (select balance from debit)::text as from_balance, null as to_balance, ${REFUSAL}`,
);
const TRANSFER = statement(
  'transfer',
  `with ${LOCK_BOTH}, ${debit('and (select count(*) from locked) >= 0')}, ${credit('from debit')},
  ${insertTransfer('(select balance from debit)', '(select balance from credit)', 'from debit')}
  select (select id from ins) as id, (select balance from debit)::text as from_balance,
    (select balance from credit)::text as to_balance, ${REFUSAL}`,
);
const GRANT = statement(
  'grant',
  `with ${credit('')}, ${insertTransfer('null::numeric', '(select balance from credit)', 'from credit')}
  select (select id from ins) as id, null as from_balance, (select balance from credit)::text as to_balance,
    null as state, null as existing`,
);

/**
 * Moves credits in one statement. When the guard refuses (not enough, or over the monthly limit) it
 * says whether the key was used before and how the paying wallet looked; a key used by a movement
 * committed meanwhile makes the statement fail with 23505 instead.
 */
export async function moveCredits(db: Db, m: MoveInput): Promise<MoveOutcome> {
  const values: Record<string, unknown> = {
    id: m.id,
    from: m.from,
    to: m.to,
    amount: formatCredits(m.amount),
    reason: m.reason,
    reference: m.reference,
    key: m.idempotencyKey,
    by: m.createdBy,
  };
  const toSystem = isSystem(m.to);
  if (!toSystem) {
    if (!m.toOwner) throw new Error(`moveCredits: owner of ${m.to} missing`);
    values.toKind = m.toOwner.kind;
    values.toOwner = m.toOwner.id;
  }
  let run = GRANT;
  if (!isSystem(m.from)) {
    values.month = m.month;
    run = toSystem ? SPEND : TRANSFER;
  }
  if (toSystem && run === GRANT) throw new Error('moveCredits: one side must be a wallet');
  const [row] = await run(db, values);
  if (row?.id)
    return { moved: true, fromBalance: credits(row.from_balance), toBalance: credits(row.to_balance) };
  return { moved: false, existingTransfer: row?.existing === true, from: readState(row?.state) };
}

export interface HoldInput {
  id: string;
  walletId: string;
  amount: bigint;
  reason: string;
  reference: string;
  idempotencyKey: string;
  createdBy: string | null;
  month: string;
  expiresAt: Date;
}

const HOLD_STEPS = `hold as (
    update credit_wallets set reserved = reserved + :amount::numeric, updated_at = now()
    where id = :from and ${SPENDABLE}
    returning id),
  ins as (
    insert into credit_reservations (id, wallet_id, amount, status, reason, reference, idempotency_key,
      created_by, expires_at)
    select :id::text, :from::text, :amount::numeric, 'open', :reason::text, :reference::text, :key::text,
      :by::text, :expires::timestamptz from hold
    returning id)`;
const HOLD_ANSWER = `(select id from ins) as id,
    case when not exists (select 1 from ins) then ${walletState(':from')} end as state,
    case when not exists (select 1 from ins) then exists (
      select 1 from credit_reservations where idempotency_key = :key) end as existing`;
const HOLD = statement('hold', `with ${HOLD_STEPS} select ${HOLD_ANSWER}`);

/** Holds credits for a running call (like moveCredits: one statement, says why when refused). */
type HoldOutcome = { held: true } | { held: false; existing: boolean; from: WalletState | null };

const holdValues = (h: HoldInput) => ({
  id: h.id,
  from: h.walletId,
  amount: formatCredits(h.amount),
  month: h.month,
  reason: h.reason,
  reference: h.reference,
  key: h.idempotencyKey,
  by: h.createdBy,
  expires: h.expiresAt.toISOString(),
});

function holdOutcome(row: Record<string, unknown> | undefined): HoldOutcome {
  if (row?.id) return { held: true };
  return { held: false, existing: row?.existing === true, from: readState(row?.state) };
}

export async function holdCredits(db: Db, h: HoldInput): Promise<HoldOutcome> {
  const [row] = await HOLD(db, holdValues(h));
  return holdOutcome(row);
}

const carrying = new Map<string, { source: string; run: ReturnType<typeof namedStatement> }>();

/**
 * holdCredits with another area's read carried in the same statement (one round trip where two would
 * be waited on: a chat answer's first hold and its conversation). The read sees the same snapshot and
 * cannot touch a balance; its row comes back as a JSON object (null when it found none).
 */
export async function holdCreditsAlong(
  db: Db,
  h: HoldInput,
  read: CarriedRead,
): Promise<{ outcome: HoldOutcome; row: Record<string, unknown> | null }> {
  let carried = carrying.get(read.name);
  if (!carried) {
    const clash = Object.keys(read.values).find((n) => HOLD.names.includes(n));
    if (clash) throw new Error(`holdCreditsAlong: the read's :${clash} is one of the hold's parameters`);
    const run = statement(
      `hold_along_${read.name}`,
      `with ${HOLD_STEPS}, carried as (${read.source})
      select ${HOLD_ANSWER}, (select row_to_json(carried) from carried limit 1) as carried`,
    );
    carried = { source: read.source, run };
    carrying.set(read.name, carried);
  }
  // A name is one statement on every connection: another text under it would run the first one.
  if (carried.source !== read.source) throw new Error(`holdCreditsAlong: '${read.name}' names another read`);
  const [row] = await carried.run(db, { ...holdValues(h), ...read.values });
  return { outcome: holdOutcome(row), row: (row?.carried as Record<string, unknown> | null) ?? null };
}

const SETTLE = statement(
  'settle',
  `with r as (
    update credit_reservations
    set status = 'settled', charged = least(:actual::numeric, amount), closed_at = now(),
      transfer_id = case when least(:actual::numeric, amount) > 0 then :transferId::text end
    where id = :reservation and status = 'open'
    returning wallet_id, amount, charged, reason, reference, idempotency_key, created_by),
  w as (
    update credit_wallets w set reserved = w.reserved - r.amount, balance = w.balance - r.charged,
      ${spentAfter('r.charged', 'w.')}, updated_at = now()
    from r where w.id = r.wallet_id
    returning w.balance),
  t as (
    insert into credit_transfers (id, from_wallet_id, to_wallet_id, amount, reason, reference,
      idempotency_key, created_by, from_balance_after)
    select :transferId::text, r.wallet_id, 'system:usage', r.charged, r.reason, r.reference,
      r.idempotency_key || ':settle', r.created_by, (select balance from w)
    from r where r.charged > 0
    returning id)
  select r.charged::text as charged, r.amount::text as held, (select id from t) as transfer_id from r`,
);

/**
 * Closes an open hold at the real cost: charges min(actual, held) to `system:usage` and frees the
 * rest, in one statement. null when the hold is not open (settled, released or expired already).
 */
export async function settleHold(
  db: Db,
  s: { reservationId: string; actual: bigint; transferId: string; month: string },
): Promise<{ charged: bigint; held: bigint; transferId: string | null } | null> {
  const [row] = await SETTLE(db, {
    actual: formatCredits(s.actual),
    transferId: s.transferId,
    reservation: s.reservationId,
    month: s.month,
  });
  if (!row) return null;
  return {
    charged: credits(row.charged) ?? 0n,
    held: credits(row.held) ?? 0n,
    transferId: (row.transfer_id as string | null) ?? null,
  };
}

const RELEASE = statement(
  'release',
  `with r as (
    update credit_reservations set status = 'released', closed_at = now()
    where id = :reservation and status = 'open'
    returning wallet_id, amount),
  w as (
    update credit_wallets w set reserved = w.reserved - r.amount, updated_at = now()
    from r where w.id = r.wallet_id returning w.id)
  select r.amount::text as amount from r`,
);

/** Frees an open hold; the amount freed, or null when it was not open. */
export async function releaseHold(db: Db, reservationId: string): Promise<bigint | null> {
  const [row] = await RELEASE(db, { reservation: reservationId });
  return row ? credits(row.amount) : null;
}

const EXPIRE = statement(
  'expire',
  `with r as (
    update credit_reservations set status = 'expired', closed_at = now()
    where status = 'open' and expires_at < :now::timestamptz and (:wallet::text is null or wallet_id = :wallet::text)
    returning wallet_id, amount),
  s as (select wallet_id, sum(amount) as total from r group by wallet_id),
  w as (
    update credit_wallets w set reserved = w.reserved - s.total, updated_at = now()
    from s where w.id = s.wallet_id returning w.id)
  select count(*)::int as n from r`,
);

/** Frees holds past their expiry (all wallets, or one); returns how many. */
export async function expireHolds(db: Db, now: Date, walletId?: string): Promise<number> {
  const [row] = await EXPIRE(db, { now: now.toISOString(), wallet: walletId ?? null });
  return Number(row?.n ?? 0);
}
