import type { TCreditReason } from '../../shared/contract/credits';
import { maxCredits, minCredits, parseCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import type { CarriedRead } from '../db/named-statement';
import { activityMetrics, creditsSample } from '../http/activity-metrics';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { type createMover, retrying } from './credits.movement';
import { dbErrorCode, holdCredits, holdCreditsAlong, releaseHold, settleHold } from './credits.repo';
import type { TReservation, TSettleResult } from './credits.types';
import { monthKey, ownerOfWalletId, SYSTEM_USAGE, type TWalletOwner, walletIdOf } from './wallets';
import { findReservation, findReservationByKey, markLateSettled } from './wallets.repo';

const credits = (v: string | null | undefined) => (v ? parseCredits(v) : 0n);

/**
 * Holds for calls whose cost is known only afterwards: reserve an upper bound, settle the real cost
 * (the rest is freed) or release it all. Held credits cannot be spent by anyone else meanwhile.
 */
export function createHolds(db: Db, now: () => Date, holdMs: number, mover: ReturnType<typeof createMover>) {
  const metrics = activityMetrics(db);
  const countSettled = (charged: bigint) => {
    metrics.holdsClosed.inc({ outcome: 'settled' });
    metrics.creditsSettled.inc(creditsSample(charged));
  };
  const { move, refusal, freedExpired, requirePositive } = mover;
  const wallet = (owner: TWalletOwner) => ({ id: walletIdOf(owner), owner });

  type ReserveInput = {
    payer: TWalletOwner;
    upTo: bigint;
    reason?: TCreditReason;
    reference?: string;
    idempotencyKey: string;
    by?: string | null;
    holdForMs?: number;
  };
  const holdInput = (input: ReserveInput, id: string, expiresAt: Date) => ({
    id,
    walletId: walletIdOf(input.payer),
    amount: input.upTo,
    reason: input.reason ?? 'usage',
    reference: input.reference ?? '',
    idempotencyKey: input.idempotencyKey,
    createdBy: input.by ?? null,
    month: monthKey(now()),
    expiresAt,
  });

  async function reserve(input: ReserveInput): Promise<TReservation> {
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
        out = await retrying(() => holdCredits(db, holdInput(input, id, expiresAt)));
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

  /**
   * A hold tried once, with another area's read in the same round trip (credits.repo.ts
   * holdCreditsAlong). `reservation` is null when the hold was not taken (refused, or its key used
   * before): reserve() then gives the full answer. The read comes back either way.
   */
  async function reserveAlong(
    input: ReserveInput,
    read: CarriedRead,
  ): Promise<{ reservation: TReservation | null; row: Record<string, unknown> | null }> {
    requirePositive(input.upTo);
    const id = newId();
    const expiresAt = new Date(now().getTime() + (input.holdForMs ?? holdMs));
    const out = await retrying(() => holdCreditsAlong(db, holdInput(input, id, expiresAt), read));
    const reservation = out.outcome.held
      ? { id, payer: input.payer, amount: input.upTo, expiresAt, replayed: false }
      : null;
    return { reservation, row: out.row };
  }

  /** Charges an expired hold after the fact, as an ordinary guarded spend (once, by its key). */
  async function settleLate(
    r: NonNullable<Awaited<ReturnType<typeof findReservation>>>,
    actual: bigint,
  ): Promise<TSettleResult> {
    const amount = minCredits(actual, parseCredits(r.amount));
    if (amount === 0n) {
      await markLateSettled(db, r.id, 0n, null);
      countSettled(0n);
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
      countSettled(amount);
      return { charged: amount, freed: 0n, transferId: t.transferId, shortfall: 0n };
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 409) throw error;
      await markLateSettled(db, r.id, 0n, null);
      countSettled(0n);
      return { charged: 0n, freed: 0n, transferId: null, shortfall: amount };
    }
  }

  async function settle(reservationId: string, actual: bigint): Promise<TSettleResult> {
    if (typeof actual !== 'bigint' || actual < 0n) throw badRequest('actual: must be 0 or more');
    const out = await retrying(() =>
      settleHold(db, { reservationId, actual, transferId: newId(), month: monthKey(now()) }),
    );
    if (out) {
      countSettled(out.charged);
      return {
        charged: out.charged,
        freed: out.held - out.charged,
        transferId: out.transferId,
        shortfall: 0n,
      };
    }
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
    if (freed !== null) {
      metrics.holdsClosed.inc({ outcome: 'released' });
      metrics.creditsReleased.inc(creditsSample(freed));
      return { freed };
    }
    if (!(await findReservation(db, reservationId))) throw notFound('Reservation');
    return { freed: 0n };
  }

  return {
    reserve,
    reserveAlong,
    settle,
    release,
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
  };
}
