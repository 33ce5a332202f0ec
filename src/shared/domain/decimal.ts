/** Number of fractional digits kept for credit amounts and decimal display. */
const DIGITS = 12;

/** Credits are held as bigint scaled by 10^12 so sums like 0.1 + 0.2 stay exact. */
export const CREDIT_SCALE = 10n ** 12n;

type TParts = { negative: boolean; whole: string; fraction: string };

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

// Parses a plain decimal string into sign, whole digits (leading zeros dropped) and raw fraction digits.
function parseParts(text: string): TParts | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const [, sign, whole = '', fraction = ''] = m;
  if (whole === '' && fraction === '') return undefined;
  return { negative: sign === '-', whole: whole.replace(/^0+(?=\d)/, '') || '0', fraction };
}

// String(1e-7) is '1e-7'; shift the point by hand so no float rounding is involved.
function expandExponent(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?e([+-]?\d+)$/i.exec(text);
  if (!m) return text;
  const [, sign, int, frac = '', exp] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Splits a decimal into its whole part (default '0') and a fraction of exactly 12 digits, padded on
 * the right and truncated (not rounded) beyond that. A negative value keeps its sign on the whole
 * part, including '-0' for values between -1 and 0. Unparseable input gives '0' / 12 zeros.
 * A bigint is taken as a whole number, not as scaled credits (use formatCredits for those).
 */
export function splitDecimal(v: string | number | bigint | null | undefined): {
  whole: string;
  fraction: string;
} {
  let text = '';
  if (typeof v === 'bigint') text = v.toString();
  else if (typeof v === 'number') text = Number.isFinite(v) ? expandExponent(String(v)) : '';
  else if (typeof v === 'string') text = v;
  const parts = parseParts(text);
  if (!parts) return { whole: '0', fraction: '0'.repeat(DIGITS) };
  const fraction = parts.fraction.slice(0, DIGITS).padEnd(DIGITS, '0');
  const isZero = parts.whole === '0' && /^0*$/.test(fraction);
  return { whole: parts.negative && !isZero ? `-${parts.whole}` : parts.whole, fraction };
}

/** Parses '1.250375' into scaled credits; throws RangeError on bad input or more than 12 decimals. */
export function parseCredits(s: string): bigint {
  const parts = typeof s === 'string' ? parseParts(s) : undefined;
  if (!parts) throw new RangeError(`Invalid credit amount: ${JSON.stringify(s)}`);
  if (parts.fraction.length > DIGITS) {
    throw new RangeError(`Credit amount ${JSON.stringify(s)} has more than ${DIGITS} decimal places`);
  }
  const value = BigInt(parts.whole) * CREDIT_SCALE + BigInt(parts.fraction.padEnd(DIGITS, '0'));
  return parts.negative ? -value : value;
}

/** Formats scaled credits with trailing zeros trimmed: 5000000000000n → '5', 1250375000000n → '1.250375'. */
export function formatCredits(v: bigint): string {
  const abs = v < 0n ? -v : v;
  const whole = (abs / CREDIT_SCALE).toString();
  const fraction = (abs % CREDIT_SCALE).toString().padStart(DIGITS, '0').replace(/0+$/, '');
  return `${v < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function addCredits(a: bigint, b: bigint): bigint {
  return a + b;
}

export function subCredits(a: bigint, b: bigint): bigint {
  return a - b;
}

/** Rounds scaled credits to `digits` decimals, half away from zero; the result is still scaled. */
export function roundCredits(v: bigint, digits = 6): bigint {
  if (digits >= DIGITS) return v;
  const step = 10n ** BigInt(DIGITS - Math.max(0, digits));
  const abs = v < 0n ? -v : v;
  const rounded = ((abs + step / 2n) / step) * step;
  return v < 0n ? -rounded : rounded;
}

/**
 * The JSON number the API answers for an amount (spec shapes): rounded to 6 decimals first, then
 * read as the nearest double of that short decimal. Only for display; never add these numbers up.
 */
export function creditsToNumber(v: bigint): number {
  return Number(formatCredits(roundCredits(v, 6)));
}

/**
 * An amount as a person or a JSON body gives it ('12.5', 12.5, 1e-7) → scaled credits, exactly as
 * written: a number is read from its shortest decimal text, never multiplied as a float.
 * Throws RangeError on anything else (NaN, Infinity, more than 12 decimals, not a decimal).
 */
export function creditsFrom(v: number | string): bigint {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`Invalid credit amount: ${v}`);
    return parseCredits(expandExponent(String(v)));
  }
  return parseCredits(v);
}

/** price × count ÷ per, rounded up to the smallest unit (10^-12 credit) so a charge never falls short. */
export function mulDivCeil(price: bigint, count: bigint, per: bigint): bigint {
  if (per <= 0n) throw new RangeError('per must be positive');
  const product = price * count;
  if (product <= 0n) return product / per;
  return (product + per - 1n) / per;
}

export const minCredits = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxCredits = (a: bigint, b: bigint): bigint => (a > b ? a : b);
