import { describe, expect, it } from 'vitest';
import { createGzipCache } from '../../src/server/http/gzip-cache';

const packer = () => {
  const calls: string[] = [];
  const pack = (text: string) => () => {
    calls.push(text);
    return Buffer.from(`gz:${text}`);
  };
  return { calls, pack };
};

describe('[PERF] the gzip of a repeated answer', () => {
  it('is made once per text under a key, and again when the text changes', () => {
    const cache = createGzipCache(1000);
    const { calls, pack } = packer();
    expect(cache.packed('flow:a', 'one', pack('one')).toString()).toBe('gz:one');
    expect(cache.packed('flow:a', 'one', pack('one')).toString()).toBe('gz:one');
    expect(calls).toEqual(['one']);
    expect(cache.packed('flow:a', 'two', pack('two')).toString()).toBe('gz:two');
    expect(cache.packed('flow:b', 'one', pack('one')).toString()).toBe('gz:one');
    expect(calls).toEqual(['one', 'two', 'one']);
    expect(cache.size).toBe(2);
  });

  it('keeps within its bytes, dropping the least recently used first, and keeps nothing too large', () => {
    // each entry: 10 characters (20 bytes) and a 13-byte gzip
    const cache = createGzipCache(70);
    const { calls, pack } = packer();
    const text = (c: string) => c.repeat(10);
    cache.packed('a', text('a'), pack('a'));
    cache.packed('b', text('b'), pack('b'));
    cache.packed('a', text('a'), pack('a')); // a is now the most recently used
    cache.packed('c', text('c'), pack('c')); // 99 bytes: b goes
    expect(cache.size).toBe(2);
    cache.packed('a', text('a'), pack('a'));
    cache.packed('b', text('b'), pack('b'));
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
    cache.packed('big', 'x'.repeat(100), pack('big'));
    cache.packed('big', 'x'.repeat(100), pack('big'));
    expect(calls.filter((c) => c === 'big')).toHaveLength(2);
  });
});
