/**
 * Display of the API's credit numbers (already rounded to 6 decimals by the server): grouped for the
 * language, with as many decimals as the amount has, up to 6. Never used for arithmetic.
 */
export function formatAmount(value: number, lng: string, opts: { signed?: boolean } = {}): string {
  return new Intl.NumberFormat(lng, {
    maximumFractionDigits: 6,
    signDisplay: opts.signed ? 'exceptZero' : 'auto',
  }).format(value);
}

/** Short for the navbar: 12.5K, 1.2M above ten thousand, else the amount with up to 2 decimals. */
export function formatShort(value: number, lng: string): string {
  if (Math.abs(value) >= 10_000) {
    return new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  }
  // A few thousandths left is not nothing: say so instead of rounding it to 0.
  if (value > 0 && value < 0.01) return `<${new Intl.NumberFormat(lng).format(0.01)}`;
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(value);
}
