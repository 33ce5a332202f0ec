/** UUID-shaped ids (RFC 4122 layout with the version-4 and variant bits), without crypto APIs. */
function format(hex: string[]): string {
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A version-4 UUID from a source of random numbers in [0, 1). */
export function uuidFrom(next: () => number): string {
  return format(Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)));
}

/** cyrb128: a small, well-mixed 128-bit hash (not cryptographic: ids only need to be distinct). */
function hash128(input: string): number[] {
  let [h1, h2, h3, h4] = [1779033703, 3144134277, 1013904242, 2773480762];
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1].map((h) => h >>> 0);
}

/** The same input always gives the same UUID-shaped id. */
export const hashUuid = (input: string): string =>
  format(
    hash128(input)
      .map((h) => h.toString(16).padStart(8, '0'))
      .join('')
      .split(''),
  );
