import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJson, walkJson } from '../../src/server/flows/json-walk';

const nested = (depth: number): unknown => {
  let v: unknown = { leaf: 'x' };
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

describe('[FLOWS] walking a JSON document without recursion', () => {
  it('measures exactly the bytes JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(walkJson(value, 1000, () => {}).bytes).toBe(Buffer.byteLength(JSON.stringify(value), 'utf8'));
      }),
      { numRuns: 300 },
    );
    const withUndefined = { a: undefined, b: [undefined, 1], c: 'é€😀' };
    expect(walkJson(withUndefined, 10, () => {}).bytes).toBe(
      Buffer.byteLength(JSON.stringify(withUndefined), 'utf8'),
    );
  });

  it('stops at the depth limit on a document nested 10,000 levels deep', () => {
    const result = walkJson({ data: nested(10_000) }, 64, () => {});
    expect(result.tooDeep).toMatch(/^data(\.[0-9a]+)+$/);
    expect(walkJson({ data: nested(10) }, 64, () => {}).tooDeep).toBeUndefined();
  });

  it('visits every string and key with its path', () => {
    const seen: string[] = [];
    walkJson({ a: ['x', { b: 'y' }] }, 10, (s, path, isKey) =>
      seen.push(`${isKey ? 'key' : 'value'} ${path()}=${s}`),
    );
    expect(seen).toEqual(['key a=a', 'value a.0=x', 'key a.1.b=b', 'value a.1.b=y']);
  });

  it('the fast pass measures the same bytes and leaves the rest to the walk', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const quick = scanJson(value, 1000, () => false);
        expect(quick).toEqual({ bytes: walkJson(value, 1000, () => {}).bytes, clean: true });
      }),
      { numRuns: 300 },
    );
    const nul = (s: string) => s.includes('\u0000');
    expect(scanJson({ a: ['fine "quoted"', { b: 'x\u0000' }] }, 10, nul).clean).toBe(false);
    expect(scanJson({ 'k\u0000': 1 }, 10, nul).clean).toBe(false);
    expect(scanJson({ a: 'tab\there', b: [undefined, () => 1], c: undefined }, 10, nul)).toEqual({
      bytes: Buffer.byteLength(JSON.stringify({ a: 'tab\there', b: [undefined, () => 1], c: undefined })),
      clean: true,
    });
    expect(scanJson({ data: nested(100) }, 64, nul).clean).toBe(false);
    expect(scanJson({ data: nested(10) }, 64, nul).clean).toBe(true);
  });
});
