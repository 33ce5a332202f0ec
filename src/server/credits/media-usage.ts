import { modelByCode } from '../../shared/domain/models/catalogue';
import { priceCall } from '../../shared/domain/models/pricing';

/**
 * Bounds and costs of media calls, in the unit each model's price uses (pricing.ts): speech and
 * transcription per minute of audio, images per image. The bound is reserved before the call, the
 * cost settled after it (credits service), so a charge never exceeds what was held.
 */

/**
 * Characters read aloud per second. Speech runs at about 14–16 characters a second; the bound uses a
 * slower pace (a long pause-filled reading) so that it always covers the audio, the cost the usual one.
 */
const BOUND_CHARS_PER_SECOND = 8;
const USUAL_CHARS_PER_SECOND = 15;

/**
 * The most audio a recording of this size can hold: compressed speech (Opus, AAC, MP3) is never
 * below about 16 kbit/s (2,000 bytes a second), so bytes / 2,000 bounds its length.
 */
const MIN_BYTES_PER_SECOND = 2000;

/** A model the catalogue does not list (self-hosted) or the offline provider (null) costs nothing. */
const priced = (model: string | null): model is string => model !== null && modelByCode(model) !== undefined;

export function speechBound(model: string | null, characters: number): bigint {
  return priced(model) ? priceCall(model, { seconds: Math.ceil(characters / BOUND_CHARS_PER_SECOND) }) : 0n;
}

export function speechCost(model: string | null, characters: number): bigint {
  return priced(model) ? priceCall(model, { seconds: Math.ceil(characters / USUAL_CHARS_PER_SECOND) }) : 0n;
}

export function transcriptionBound(model: string | null, bytes: number): bigint {
  return priced(model) ? priceCall(model, { seconds: Math.ceil(bytes / MIN_BYTES_PER_SECOND) }) : 0n;
}

/** The provider's own duration when it reports one, else the bound (never more than was held). */
export function transcriptionCost(model: string | null, bytes: number, seconds: number | null): bigint {
  const bound = transcriptionBound(model, bytes);
  if (!priced(model) || seconds === null) return bound;
  const actual = priceCall(model, { seconds });
  return actual < bound ? actual : bound;
}

export function imageCost(model: string | null, images: number): bigint {
  return priced(model) ? priceCall(model, { images }) : 0n;
}
