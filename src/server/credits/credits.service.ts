import type { TDeductFrom } from '../../shared/contract/credits';
import type { TPaymentOption } from '../../shared/contract/tools';
import { parseCredits } from '../../shared/domain/decimal';
import { priceCall, type TModelUsage } from '../../shared/domain/models/pricing';
import type { AppDeps, SpaceInfo } from '../http/context';
import { badRequest } from '../http/errors';
import { createHolds } from './credits.holds';
import { createMover } from './credits.movement';
import { expireHolds } from './credits.repo';
import type { CreditsOptions, TBalance, TLedgerItem, TMoveRequest, TTransferResult } from './credits.types';
import { monthKey, SYSTEM_GRANTS, SYSTEM_USAGE, type TWalletOwner, walletIdOf, walletRef } from './wallets';
import {
  findWallet,
  listTransfers,
  upsertMonthlyLimit,
  usageByReferencePrefix,
  walletSummaries,
} from './wallets.repo';

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
export type * from './credits.types';

/** What a wallet holds and has spent: for lists of API keys and public links. */
export interface TWalletSummary {
  /** balance − reserved. */
  available: bigint;
  /** Everything the wallet paid for usage. */
  spent: bigint;
}
export type { TWalletOwner } from './wallets';
export { walletIdOf } from './wallets';

const DEFAULT_HOLD_MS = 30 * 60_000;
const credits = (v: string | null | undefined) => (v ? parseCredits(v) : 0n);

export type CreditsService = ReturnType<typeof createCreditsService>;

export function createCreditsService(deps: Pick<AppDeps, 'database'>, opts: CreditsOptions = {}) {
  const db = deps.database.db;
  const now = opts.now ?? (() => new Date());
  const mover = createMover(db, now);
  const { move } = mover;
  const holds = createHolds(db, now, opts.holdMs ?? DEFAULT_HOLD_MS, mover);
  const wallet = (owner: TWalletOwner) => ({ id: walletIdOf(owner), owner });

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

  /** Available balance and total usage of many wallets at once (keyed by walletIdOf). */
  async function summaries(owners: TWalletOwner[]): Promise<Map<string, TWalletSummary>> {
    const found = await walletSummaries(db, owners.map(walletIdOf));
    const out = new Map<string, TWalletSummary>();
    for (const owner of owners) {
      const row = found.get(walletIdOf(owner));
      out.set(walletIdOf(owner), {
        available: credits(row?.balance) - credits(row?.reserved),
        spent: credits(row?.spent),
      });
    }
    return out;
  }

  return {
    balanceOf,
    summaries,

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

    /**
     * Gives a charge back in full (a call that failed on our side after paying): usage → payer, once
     * per charge (`<charge key>:refund`). The month's spend of an organisation is not lowered.
     */
    refund(input: { payer: TWalletOwner; amount: bigint; chargeKey: string; reference?: string }) {
      return move(
        { id: SYSTEM_USAGE, owner: null },
        wallet(input.payer),
        {
          amount: input.amount,
          reference: input.reference,
          idempotencyKey: `${input.chargeKey}:refund`,
        },
        'refund',
      );
    },

    /** Holds up to `upTo` for a call whose cost is known afterwards (idempotent by key). */
    reserve: holds.reserve,
    /** A hold tried once with another area's read in the same round trip (null when not taken). */
    reserveAlong: holds.reserveAlong,
    /** Charges min(actual, reserved) and frees the rest. Settling again answers the same result. */
    settle: holds.settle,
    /** Frees the whole hold (abort, failure). Releasing again frees nothing. */
    release: holds.release,
    /**
     * Reserve `upTo`, run the call, settle what it reports; release everything if it throws.
     * A call that stops half-way but used credits should return its partial usage, not throw.
     */
    withReservation: holds.withReservation,

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

    /**
     * Read only: the credits spent on usage per ledger reference starting with `prefix` (any payer), e.g.
     * 'player:<assignmentId>:' for what an assignment's AI blocks cost (reports, spec 02 totalCost).
     */
    async usageByReference(prefix: string): Promise<Map<string, bigint>> {
      if (!prefix) throw badRequest('prefix: must not be empty');
      const found = await usageByReferencePrefix(db, prefix);
      return new Map(found.map((r) => [r.reference, parseCredits(r.total)]));
    },

    /** Frees every hold past its expiry (a periodic job may call it; spends also do it on demand). */
    expireHolds: (owner?: TWalletOwner) => expireHolds(db, now(), owner ? walletIdOf(owner) : undefined),
  };
}
