import { describe, expect, it } from 'vitest';
import { isId, newId } from '../../src/shared/domain/ids';

describe('[FOUNDATION] ids', () => {
  it('are 24 hex characters: the seconds, then random bytes, unique across many refills of the pool', () => {
    const at = Date.UTC(2026, 10, 25, 12, 0, 0);
    const ids = Array.from({ length: 5_000 }, () => newId(at));
    const seconds = Math.floor(at / 1000)
      .toString(16)
      .padStart(8, '0');
    for (const id of ids) {
      expect(isId(id)).toBe(true);
      expect(id.slice(0, 8)).toBe(seconds);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // the random tails use every hex digit, not a fixed or repeating pattern
    const digits = new Set(ids.flatMap((id) => [...id.slice(8)]));
    expect(digits.size).toBe(16);
  });

  it('sort by creation time across seconds', () => {
    const earlier = newId(Date.UTC(2026, 0, 1));
    const later = newId(Date.UTC(2026, 0, 1, 0, 0, 1));
    expect(earlier < later).toBe(true);
  });
});
