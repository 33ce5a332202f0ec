const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/**
 * Random bytes are drawn from the system's generator 4 KB at a time (one call per 512 ids): a call
 * per id cost more than the rest of newId together, and ids are made on every write.
 */
const POOL = new Uint8Array(4096);
let poolAt = POOL.length;

/**
 * Ids are 24 lowercase hex characters: 4 bytes of seconds since the epoch then 8 random bytes,
 * so they sort roughly by creation time and never collide in practice.
 */
export function newId(now: number = Date.now()): string {
  let id = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  if (poolAt + 8 > POOL.length) {
    globalThis.crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  for (let i = poolAt; i < poolAt + 8; i++) id += HEX[POOL[i]];
  poolAt += 8;
  return id;
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
