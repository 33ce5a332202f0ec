/**
 * A model's price as a person reads it: "0.050015 credits / 1K tokens" is noise in a
 * list of models. Under 1 credit a price keeps 3 significant digits (0.05, 0.0012), from 1 up two
 * decimals; a price that had to be rounded says so with "≈". `exact` is the full value (the server's
 * 6 decimals) for a title, so nothing is hidden. Display only, never arithmetic (that is decimal.ts).
 */
export function priceText(price: number | string, lng: string): { text: string; exact: string } {
  const value = Number(price);
  const rounded =
    value === 0 || Math.abs(value) >= 1 ? Math.round(value * 100) / 100 : Number(value.toPrecision(3));
  const format = (v: number) => new Intl.NumberFormat(lng, { maximumFractionDigits: 6 }).format(v);
  const text = format(rounded);
  return { text: rounded === value ? text : `≈${text}`, exact: format(value) };
}
