/**
 * Ids are 24 lowercase hex characters: 4 bytes of seconds since the epoch then 8 random bytes,
 * so they sort roughly by creation time and never collide in practice.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  const random = new Uint8Array(8);
  globalThis.crypto.getRandomValues(random);
  let tail = '';
  for (const b of random) tail += b.toString(16).padStart(2, '0');
  return seconds + tail;
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
