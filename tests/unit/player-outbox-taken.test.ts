import { describe, expect, it } from 'vitest';
import { takeId } from '../../src/player/outbox';

describe('[PLAYER] the outbox takes a statement id once', () => {
  it('drops a repeat of an id it took, also after that one was sent', () => {
    const once = takeId([], 'a');
    expect(once).toEqual(['a']);
    expect(takeId(once ?? [], 'a')).toBeNull();
    expect(takeId(once ?? [], 'b')).toEqual(['a', 'b']);
  });

  it('keeps only the latest ids', () => {
    expect(takeId(['a', 'b', 'c'], 'd', 3)).toEqual(['b', 'c', 'd']);
    expect(takeId(['b', 'c', 'd'], 'a', 3)).toEqual(['c', 'd', 'a']);
  });
});
