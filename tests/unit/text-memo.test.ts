import { describe, expect, it } from 'vitest';
import { createGzipCache, createTextMemo } from '../../src/server/http/text-memo';

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
    expect(cache.get('flow:a', 'one', pack('one')).toString()).toBe('gz:one');
    expect(cache.get('flow:a', 'one', pack('one')).toString()).toBe('gz:one');
    expect(calls).toEqual(['one']);
    expect(cache.get('flow:a', 'two', pack('two')).toString()).toBe('gz:two');
    expect(cache.get('flow:b', 'one', pack('one')).toString()).toBe('gz:one');
    expect(calls).toEqual(['one', 'two', 'one']);
    expect(cache.size).toBe(2);
  });

  it('keeps within its bytes, dropping the least recently used first, and keeps nothing too large', () => {
    // each entry: 10 characters (20 bytes) and a 13-byte gzip
    const cache = createGzipCache(70);
    const { calls, pack } = packer();
    const text = (c: string) => c.repeat(10);
    cache.get('a', text('a'), pack('a'));
    cache.get('b', text('b'), pack('b'));
    cache.get('a', text('a'), pack('a')); // a is now the most recently used
    cache.get('c', text('c'), pack('c')); // 99 bytes: b goes
    expect(cache.size).toBe(2);
    cache.get('a', text('a'), pack('a'));
    cache.get('b', text('b'), pack('b'));
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
    cache.get('big', 'x'.repeat(100), pack('big'));
    cache.get('big', 'x'.repeat(100), pack('big'));
    expect(calls.filter((c) => c === 'big')).toHaveLength(2);
  });

  it('keeps nothing when making the value throws: a refused check is made again next time', () => {
    const memo = createTextMemo<true>(1000, () => 0);
    let runs = 0;
    const check = (ok: boolean) => () => {
      runs++;
      if (!ok) throw new Error('refused');
      return true as const;
    };
    expect(() => memo.get('flow:a', 'graph', check(false))).toThrow('refused');
    expect(() => memo.get('flow:a', 'graph', check(false))).toThrow('refused');
    expect(memo.get('flow:a', 'graph', check(true))).toBe(true);
    expect(memo.get('flow:a', 'graph', check(false))).toBe(true);
    expect(runs).toBe(3);
  });
});
