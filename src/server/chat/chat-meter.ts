import { minCredits } from '../../shared/domain/decimal';
import type { CreditsService, TReservation, TWalletOwner } from '../credits/credits.service';

/**
 * Credits of one streamed answer, held in blocks: the first block (prompt + a block of output) is
 * reserved before the provider is asked, the next ones while it grows. A wallet that cannot hold the next block
 * stops the answer with the credit error (spec 03 §8), so nobody's answer outruns their balance, and
 * a small wallet can still receive a short answer. At the end the real cost is spread over the holds.
 */
export function createMeter(
  credits: CreditsService,
  input: { payer: TWalletOwner; key: string; reference: string; by: string },
) {
  const holds: TReservation[] = [];
  let held = 0n;
  let asked = 0;
  const reserve = async (upTo: bigint) => {
    if (upTo <= 0n) return;
    // The key is taken at once, so a hold still in flight never shares it with the next one.
    const idempotencyKey = `${input.key}:hold:${asked++}`;
    const r = await credits.reserve({
      payer: input.payer,
      upTo,
      reference: input.reference,
      idempotencyKey,
      by: input.by,
    });
    holds.push(r);
    held += upTo;
  };
  return {
    reserve,
    /** Counts a hold taken before the meter existed (its key must differ from the meter's own). */
    adopt(r: TReservation): void {
      holds.push(r);
      held += r.amount;
    },
    get held() {
      return held;
    },
    /** Holds another block while the estimate of the answer so far passes what is held. */
    async cover(estimate: bigint, block: bigint): Promise<void> {
      while (estimate > held && block > 0n) await reserve(block);
    },
    /** Charges `actual` across the holds (what is left of each is freed); anything beyond them is charged directly. */
    async settle(actual: bigint): Promise<bigint> {
      let rest = actual;
      let charged = 0n;
      for (const h of holds) {
        const part = minCredits(rest, h.amount);
        const out = await credits.settle(h.id, part);
        charged += out.charged;
        rest -= part;
      }
      if (rest > 0n) {
        try {
          const out = await credits.charge({
            payer: input.payer,
            amount: rest,
            reference: input.reference,
            idempotencyKey: `${input.key}:extra`,
            by: input.by,
          });
          charged += out.amount;
        } catch {
          // The provider reported more than it streamed and the wallet is empty: what was held is charged.
        }
      }
      return charged;
    },
    async release(): Promise<void> {
      for (const h of holds) await credits.release(h.id).catch(() => undefined);
    },
  };
}
export type Meter = ReturnType<typeof createMeter>;
