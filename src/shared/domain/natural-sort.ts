// Splits a string into alternating runs of ASCII digits and non-digits.
const CHUNK = /\d+|\D+/g;

const isDigits = (s: string): boolean => s.charCodeAt(0) >= 48 && s.charCodeAt(0) <= 57;

// Compares two digit runs by numeric value without Number(), so arbitrarily long runs stay exact.
function compareDigitRuns(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Case-insensitive natural order: digit runs compare as numbers ('Flow 2' < 'Flow 10').
 * Strings that compare equal that way ('flow' / 'Flow', 'a01' / 'a1') fall back to the raw string,
 * so the order is total and does not depend on input order.
 */
export function naturalCompare(a: string, b: string): number {
  const xs = a.toLowerCase().match(CHUNK) ?? [];
  const ys = b.toLowerCase().match(CHUNK) ?? [];
  const n = Math.min(xs.length, ys.length);
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    const y = ys[i];
    if (x === y) continue;
    if (isDigits(x) && isDigits(y)) {
      const c = compareDigitRuns(x, y);
      if (c !== 0) return c;
      continue;
    }
    return x < y ? -1 : 1;
  }
  if (xs.length !== ys.length) return xs.length < ys.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Returns a new array sorted naturally by name; equal names keep their input order. */
export function sortByNaturalName<T>(
  items: T[],
  getName: (t: T) => string,
  dir: 'asc' | 'desc' = 'asc',
): T[] {
  const sign = dir === 'desc' ? -1 : 1;
  return [...items].sort((x, y) => sign * naturalCompare(getName(x), getName(y)));
}
