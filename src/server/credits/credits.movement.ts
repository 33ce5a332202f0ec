import type { TCreditReason } from '../../shared/contract/credits';
import { parseCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import { type AppError, badRequest, conflict } from '../http/errors';
import { dbErrorCode, expireHolds, moveCredits, type WalletState } from './credits.repo';
import type { TMoveRequest, TTransferResult } from './credits.types';
import { insufficient, monthKey, overMonthlyLimit, type TWalletOwner, walletRef } from './wallets';
import { findTransferByKey, type TransferRow } from './wallets.repo';

const RETRIES = 5;
const RETRYABLE = new Set(['40P01', '40001']);

/** Deadlocks (two wallets paying each other at once) and serialisation failures are retried. */
export async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= RETRIES || !RETRYABLE.has(dbErrorCode(error) ?? '')) throw error;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * (attempt + 1)));
    }
  }
}

/**
 * Moving credits between two sides, once per idempotency key, with the refusal explained: the core of
 * transfers, grants, charges and late settlements. A side is an owner's wallet, or a system
 * counterparty (owner null: no balance row, no guard).
 */
export function createMover(db: Db, now: () => Date) {
  function requirePositive(amount: bigint): void {
    if (typeof amount !== 'bigint' || amount <= 0n) throw badRequest('amount: must be greater than 0');
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

  return { move, refusal, freedExpired, requirePositive };
}
