import type { TCreditReason, TDeductFrom } from '../../shared/contract/credits';
import type { TPaymentOption } from '../../shared/contract/tools';
import { maxCredits, minCredits, parseCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import { priceCall, type TModelUsage } from '../../shared/domain/models/pricing';
import type { AppDeps, SpaceInfo } from '../http/context';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import {
  dbErrorCode,
  expireHolds,
  findReservation,
  findReservationByKey,
  findTransferByKey,
  findWallet,
  holdCredits,
  listTransfers,
  markLateSettled,
  moveCredits,
  releaseHold,
  settleHold,
  type TransferRow,
  upsertMonthlyLimit,
  type WalletState,
} from './credits.repo';
import {
  insufficient,
  monthKey,
  overMonthlyLimit,
  ownerOfWalletId,
  SYSTEM_GRANTS,
  SYSTEM_USAGE,
  type TWalletOwner,
  walletIdOf,
  walletRef,
} from './wallets';

/**
 * THE entry point for credits: every AI feature (chat, generator, learner player, tasks, API keys,
 * public links) spends through these functions, and nothing else touches a balance.
 *
 * Amounts are scaled bigint credits (src/shared/domain/decimal.ts: 1 credit = 10^12); never floats.
 * Every movement is one double-entry ledger row written in the same statement as the guarded
 * balance update, with an idempotency key: a retried call with the same key moves credits once and
 * answers `replayed: true`. Refusals throw AppError: 400 UNIT_BALANCE_INSUFFICIENT (user, API key,
 * link), 400 ORG_UNIT_BALANCE_INSUFFICIENT and 403 ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED (org).
 *
 * A call whose cost is known only afterwards (a streamed answer) reserves an upper bound first
 * (`reserve` or `withReservation`), then settles the real cost; the rest is freed. Held credits cannot
 * be spent by anyone else meanwhile, so parallel streams never overspend a wallet.
 */
export type { TWalletOwner } from './wallets';
export { walletIdOf } from './wallets';

export interface TMoveRequest {
  amount: bigint;
  reason?: TCreditReason;
  /** What the movement is about, shown in the ledger: 'chat:<id>', 'apiKey:<id>', a grant's note… */
  reference?: string;
  /** Unique per intended movement; reuse it when retrying the same request. */
  idempotencyKey: string;
  /** The user who caused it, when there is one. */
  by?: string | null;
}

export interface TTransferResult {
  /** null only for a charge of 0 (nothing moved). */
  transferId: string | null;
  replayed: boolean;
  amount: bigint;
  /** Balances right after the movement (null for the system side). */
  fromBalance: bigint | null;
  toBalance: bigint | null;
}

export interface TReservation {
  id: string;
  payer: TWalletOwner;
  amount: bigint;
  expiresAt: Date;
  replayed: boolean;
}

export interface TSettleResult {
  charged: bigint;
  /** Held credits given back. */
  freed: bigint;
  transferId: string | null;
  /** A hold that expired before it was settled and whose wallet could no longer pay: not charged. */
  shortfall: bigint;
}

export interface TBalance {
  /** Sum of the wallet's ledger entries. */
  balance: bigint;
  /** Held by running calls. */
  reserved: bigint;
  /** balance − reserved: what can be spent now. */
  available: bigint;
  monthlyLimit: bigint | null;
  usedThisMonth: bigint;
}

export interface TLedgerItem {
  id: string;
  seq: number;
  /** Signed for this wallet: + in, − out. */
  amount: bigint;
  balanceAfter: bigint | null;
  reason: string;
  reference: string;
  createdAt: Date;
}

export interface CreditsOptions {
  /** The clock (months of the limit, hold expiry); tests move it. */
  now?: () => Date;
  /** How long a hold lasts when its call never settles (default 30 minutes). */
  holdMs?: number;
}

const DEFAULT_HOLD_MS = 30 * 60_000;
const RETRIES = 5;
const RETRYABLE = new Set(['40P01', '40001']);
const credits = (v: string | null | undefined) => (v ? parseCredits(v) : 0n);

/** Deadlocks (two wallets paying each other at once) and serialisation failures are retried. */
async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= RETRIES || !RETRYABLE.has(dbErrorCode(error) ?? '')) throw error;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * (attempt + 1)));
    }
  }
}

export type CreditsService = ReturnType<typeof createCreditsService>;

export function createCreditsService(deps: Pick<AppDeps, 'database'>, opts: CreditsOptions = {}) {
  const db = deps.database.db;
  const now = opts.now ?? (() => new Date());
  const holdMs = opts.holdMs ?? DEFAULT_HOLD_MS;

  function requirePositive(amount: bigint): void {
    if (typeof amount !== 'bigint' || amount <= 0n) throw badRequest('amount: must be greater than 0');
  }

  async function balanceOf(owner: TWalletOwner): Promise<TBalance> {
    const row = await findWallet(db, walletIdOf(owner));
    const balance = credits(row?.balance);
    const reserved = credits(row?.reserved);
    return {
      balance,
      reserved,
      available: balance - reserved,
      monthlyLimit: row?.monthlyLimit ? parseCredits(row.monthlyLimit) : null,
      usedThisMonth: row?.monthKey === monthKey(now()) ? credits(row.spentMonth) : 0n,
    };
  }

  /** Why the guard refused `amount` from the wallet: the monthly limit first, else the balance. */
  function refusal(owner: TWalletOwner, amount: bigint, state: WalletState | null): AppError {
    if (state?.monthlyLimit != null && state.spentThisMonth + state.reserved + amount > state.monthlyLimit) {
      return overMonthlyLimit(state.monthlyLimit);
    }
    return insufficient(owner);
  }

  /** Holds of calls that never settled (a stopped server) give their credits back: worth one retry. */
  const freedExpired = async (walletId: string, state: WalletState | null) =>
    Boolean(state && state.reserved > 0n) && (await expireHolds(db, now(), walletId)) > 0;

  function replayOf(row: TransferRow, from: string, to: string, amount: bigint): TTransferResult {
    if (row.fromWalletId !== from || row.toWalletId !== to || parseCredits(row.amount) !== amount) {
      throw conflict('This idempotency key was already used for another movement of credits.');
    }
    const after = (v: string | null) => (v === null ? null : parseCredits(v));
    return {
      transferId: row.id,
      replayed: true,
      amount,
      fromBalance: after(row.fromBalanceAfter),
      toBalance: after(row.toBalanceAfter),
    };
  }

  async function move(
    from: { id: string; owner: TWalletOwner | null },
    to: { id: string; owner: TWalletOwner | null },
    req: TMoveRequest,
    reason: TCreditReason,
  ): Promise<TTransferResult> {
    requirePositive(req.amount);
    if (from.id === to.id) throw badRequest('to: must be another wallet than from');
    const id = newId();
    const input = {
      id,
      from: from.id,
      to: to.id,
      toOwner: to.owner ? { kind: to.owner.kind, id: walletRef(to.owner).ownerId } : undefined,
      amount: req.amount,
      reason: req.reason ?? reason,
      reference: req.reference ?? '',
      idempotencyKey: req.idempotencyKey,
      createdBy: req.by ?? null,
    };
    for (let attempt = 0; ; attempt++) {
      let out: Awaited<ReturnType<typeof moveCredits>>;
      try {
        out = await retrying(() => moveCredits(db, { ...input, month: monthKey(now()) }));
      } catch (error) {
        if (dbErrorCode(error) !== '23505') throw error;
        const done = await findTransferByKey(db, req.idempotencyKey);
        if (!done) throw error;
        return replayOf(done, from.id, to.id, req.amount);
      }
      if (out.moved) {
        return {
          transferId: id,
          replayed: false,
          amount: req.amount,
          fromBalance: out.fromBalance,
          toBalance: out.toBalance,
        };
      }
      if (out.existingTransfer) {
        const done = await findTransferByKey(db, req.idempotencyKey);
        if (done) return replayOf(done, from.id, to.id, req.amount);
      }
      if (attempt === 0 && (await freedExpired(from.id, out.from))) continue;
      throw refusal(from.owner as TWalletOwner, req.amount, out.from);
    }
  }

  const wallet = (owner: TWalletOwner) => ({ id: walletIdOf(owner), owner });

  async function reserve(input: {
    payer: TWalletOwner;
    upTo: bigint;
    reason?: TCreditReason;
    reference?: string;
    idempotencyKey: string;
    by?: string | null;
    holdForMs?: number;
  }): Promise<TReservation> {
    requirePositive(input.upTo);
    const walletId = walletIdOf(input.payer);
    const replay = async (): Promise<TReservation | null> => {
      const r = await findReservationByKey(db, input.idempotencyKey);
      if (!r) return null;
      if (r.walletId !== walletId || parseCredits(r.amount) !== input.upTo) {
        throw conflict('This idempotency key was already used for another reservation.');
      }
      return { id: r.id, payer: input.payer, amount: input.upTo, expiresAt: r.expiresAt, replayed: true };
    };
    const id = newId();
    const expiresAt = new Date(now().getTime() + (input.holdForMs ?? holdMs));
    for (let attempt = 0; ; attempt++) {
      let out: Awaited<ReturnType<typeof holdCredits>>;
      try {
        out = await retrying(() =>
          holdCredits(db, {
            id,
            walletId,
            amount: input.upTo,
            reason: input.reason ?? 'usage',
            reference: input.reference ?? '',
            idempotencyKey: input.idempotencyKey,
            createdBy: input.by ?? null,
            month: monthKey(now()),
            expiresAt,
          }),
        );
      } catch (error) {
        const again = dbErrorCode(error) === '23505' ? await replay() : null;
        if (again) return again;
        throw error;
      }
      if (out.held) return { id, payer: input.payer, amount: input.upTo, expiresAt, replayed: false };
      const again = out.existing ? await replay() : null;
      if (again) return again;
      if (attempt === 0 && (await freedExpired(walletId, out.from))) continue;
      throw refusal(input.payer, input.upTo, out.from);
    }
  }

  /** Charges an expired hold after the fact, as an ordinary guarded spend (once, by its key). */
  async function settleLate(
    r: NonNullable<Awaited<ReturnType<typeof findReservation>>>,
    actual: bigint,
  ): Promise<TSettleResult> {
    const amount = minCredits(actual, parseCredits(r.amount));
    if (amount === 0n) {
      await markLateSettled(db, r.id, 0n, null);
      return { charged: 0n, freed: 0n, transferId: null, shortfall: 0n };
    }
    const owner = ownerOfWalletId(r.walletId);
    try {
      const t = await move(
        wallet(owner),
        { id: SYSTEM_USAGE, owner: null },
        {
          amount,
          reason: r.reason as TCreditReason,
          reference: r.reference,
          idempotencyKey: `${r.idempotencyKey}:settle`,
          by: r.createdBy,
        },
        'usage',
      );
      await markLateSettled(db, r.id, amount, t.transferId);
      return { charged: amount, freed: 0n, transferId: t.transferId, shortfall: 0n };
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 409) throw error;
      await markLateSettled(db, r.id, 0n, null);
      return { charged: 0n, freed: 0n, transferId: null, shortfall: amount };
    }
  }

  async function settle(reservationId: string, actual: bigint): Promise<TSettleResult> {
    if (typeof actual !== 'bigint' || actual < 0n) throw badRequest('actual: must be 0 or more');
    const out = await retrying(() =>
      settleHold(db, { reservationId, actual, transferId: newId(), month: monthKey(now()) }),
    );
    if (out)
      return {
        charged: out.charged,
        freed: out.held - out.charged,
        transferId: out.transferId,
        shortfall: 0n,
      };
    const r = await findReservation(db, reservationId);
    if (!r) throw notFound('Reservation');
    if (r.status === 'released') throw conflict('This reservation was released; it cannot be settled.');
    if (r.status === 'expired') return settleLate(r, actual);
    // Settled before: the same answer again (a retried settle charges once).
    const charged = credits(r.charged);
    return {
      charged,
      freed: maxCredits(0n, parseCredits(r.amount) - charged),
      transferId: r.transferId,
      shortfall: 0n,
    };
  }

  async function release(reservationId: string): Promise<{ freed: bigint }> {
    const freed = await retrying(() => releaseHold(db, reservationId));
    if (freed !== null) return { freed };
    if (!(await findReservation(db, reservationId))) throw notFound('Reservation');
    return { freed: 0n };
  }

  return {
    balanceOf,

    /** Credits from one wallet to another (top-ups, refunds); refuses when `from` cannot afford it. */
    transfer: (input: TMoveRequest & { from: TWalletOwner; to: TWalletOwner }) =>
      move(wallet(input.from), wallet(input.to), input, 'transfer'),

    /** New credits into a wallet. Only for the operator route (ADMIN_EMAILS) and the demo seed. */
    grant: (input: TMoveRequest & { to: TWalletOwner }) =>
      move({ id: SYSTEM_GRANTS, owner: null }, wallet(input.to), input, 'grant'),

    /** A spend whose cost is known: `amount` from the payer to usage. A charge of 0 moves nothing. */
    async charge(input: TMoveRequest & { payer: TWalletOwner }): Promise<TTransferResult> {
      if (input.amount === 0n) {
        return { transferId: null, replayed: false, amount: 0n, fromBalance: null, toBalance: null };
      }
      return move(wallet(input.payer), { id: SYSTEM_USAGE, owner: null }, input, 'usage');
    },

    reserve,
    /** Charges min(actual, reserved) and frees the rest. Settling again answers the same result. */
    settle,
    /** Frees the whole hold (abort, failure). Releasing again frees nothing. */
    release,

    /**
     * Reserve `upTo`, run the call, settle what it reports; release everything if it throws.
     * A call that stops half-way but used credits should return its partial usage, not throw.
     */
    async withReservation<T>(
      input: Parameters<typeof reserve>[0],
      run: (reservation: TReservation) => Promise<{ result: T; actual: bigint }>,
    ): Promise<{ result: T; charged: bigint; reservation: TReservation }> {
      const reservation = await reserve(input);
      let outcome: { result: T; actual: bigint };
      try {
        outcome = await run(reservation);
      } catch (error) {
        await release(reservation.id).catch(() => undefined);
        throw error;
      }
      const settled = await settle(reservation.id, outcome.actual);
      return { result: outcome.result, charged: settled.charged, reservation };
    },

    /** The exact cost of a call from the model catalogue (0 for a model not in it). */
    priceCall: (modelCode: string, usage: TModelUsage): bigint => priceCall(modelCode, usage),

    /**
     * Who pays under a payment option: PAY_BY_ORG → the organisation (its monthly limit applies),
     * PAY_BY_ME / PAY_BY_PARTICIPANT → `userId` (the owner, or the participant, as the caller decides).
     */
    payerFor(input: { paymentOption: TPaymentOption; userId: string; orgId: string | null }): TWalletOwner {
      if (input.paymentOption === 'PAY_BY_ORG') {
        if (!input.orgId) throw badRequest('unitUsageOption: PAY_BY_ORG needs an organisation space');
        return { kind: 'org', orgId: input.orgId };
      }
      return { kind: 'user', userId: input.userId };
    },

    /** The payer of a call made in a space (spec 03 §5): an organisation space is PAY_BY_ORG. */
    payerForSpace: (space: Pick<SpaceInfo, 'orgId'>, userId: string): TWalletOwner =>
      space.orgId ? { kind: 'org', orgId: space.orgId } : { kind: 'user', userId },

    /**
     * The wallet a top-up takes from (spec 02 §5, spec 03 §5): `organization` in an organisation space
     * (PAY_BY_ORG), `personal` in the personal space, where the organisation wallet is not offered.
     */
    topUpSource(space: Pick<SpaceInfo, 'orgId'>, userId: string, deductFrom: TDeductFrom): TWalletOwner {
      if (space.orgId) {
        if (deductFrom !== 'organization') {
          throw badRequest('deductFrom: must be organization in an organisation space (PAY_BY_ORG)');
        }
        return { kind: 'org', orgId: space.orgId };
      }
      if (deductFrom !== 'personal') {
        throw badRequest('deductFrom: the organisation wallet is not available in the personal space');
      }
      return { kind: 'user', userId };
    },

    /** null removes the limit. */
    setMonthlyLimit: (orgId: string, limit: bigint | null) =>
      upsertMonthlyLimit(db, walletRef({ kind: 'org', orgId }), limit),

    async ledger(owner: TWalletOwner, page: { limit: number; before?: number }): Promise<TLedgerItem[]> {
      const id = walletIdOf(owner);
      const found = await listTransfers(db, id, page);
      return found.map((t) => {
        const out = t.fromWalletId === id;
        const after = out ? t.fromBalanceAfter : t.toBalanceAfter;
        return {
          id: t.id,
          seq: t.seq,
          amount: out ? -parseCredits(t.amount) : parseCredits(t.amount),
          balanceAfter: after === null ? null : parseCredits(after),
          reason: t.reason,
          reference: t.reference,
          createdAt: t.createdAt,
        };
      });
    },

    /** Frees every hold past its expiry (a periodic job may call it; spends also do it on demand). */
    expireHolds: (owner?: TWalletOwner) => expireHolds(db, now(), owner ? walletIdOf(owner) : undefined),
  };
}
