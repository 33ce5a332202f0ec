import { CREDIT_SCALE, mulDivCeil, parseCredits } from '../decimal';
import { modelByCode, type TModelEntry } from './catalogue';

/** What a call used. Counts are whole numbers; seconds may carry milliseconds. */
export interface TModelUsage {
  inputTokens?: number;
  outputTokens?: number;
  images?: number;
  /** Audio or realtime time, for per-minute models. */
  seconds?: number;
  /** Generated videos, for per-video models. */
  videos?: number;
  /** Queries, for per-request models (vector databases). */
  requests?: number;
}

function count(name: string, v: number | undefined): bigint {
  const n = v ?? 0;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
  return BigInt(n);
}

/** The exact price per unit of a model, in scaled credits. */
export const unitPrice = (model: TModelEntry): bigint => parseCredits(model.price);

/**
 * The exact cost in scaled credits (10^-12) of a call to `modelCode` that used `usage`:
 * price × units, rounded up to the smallest unit so that a charge never falls short.
 * A model that is not in the catalogue (a self-hosted model named by AI_MODEL) costs nothing.
 */
export function priceCall(modelCode: string, usage: TModelUsage): bigint {
  const model = modelByCode(modelCode);
  if (!model) return 0n;
  const price = unitPrice(model);
  switch (model.unit) {
    case 'tokens1k':
      return mulDivCeil(
        price,
        count('inputTokens', usage.inputTokens) + count('outputTokens', usage.outputTokens),
        1000n,
      );
    case 'image':
      return price * count('images', usage.images);
    case 'video':
      return price * count('videos', usage.videos);
    case 'request':
      return price * count('requests', usage.requests);
    case 'minute': {
      const seconds = usage.seconds ?? 0;
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be ≥ 0');
      return mulDivCeil(price, BigInt(Math.round(seconds * 1000)), 60_000n);
    }
  }
}

/** One credit, scaled: handy for callers that think in whole credits. */
export const ONE_CREDIT = CREDIT_SCALE;
