import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertDocSize, storableGraphJson } from '../../src/server/flows/graph-check';
import { FLOW_DOC_MAX_BYTES, type TFlowDocument } from '../../src/shared/contract/flows';

/** Any UTF-16 code unit, lone surrogates and NUL included, and a backslash followed by u. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\\u0000', '\\ud800', 'a', '😀', '\u0000'),
);
const text = fc.string({ unit, maxLength: 6 });
const data = fc.dictionary(text, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 })), {
  maxKeys: 3,
});
const doc = fc.record({
  name: text,
  description: text,
  iconUrl: fc.constant(null),
  published: fc.boolean(),
  nodes: fc.array(
    fc.record({ id: text, type: text, position: fc.record({ x: fc.integer(), y: fc.integer() }), data }),
    {
      maxLength: 4,
    },
  ),
  edges: fc.array(fc.record({ id: text, source: text, target: text }), { maxLength: 3 }),
}) as fc.Arbitrary<TFlowDocument>;

const outcome = (f: () => unknown): string => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

const deep = (levels: number): unknown => {
  let v: unknown = { leaf: 1 };
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

const empty: TFlowDocument = {
  name: 'F',
  description: '',
  iconUrl: null,
  published: false,
  nodes: [],
  edges: [],
};

describe('[FLOWS] the save checks the graph on the text it stores', () => {
  it('refuses exactly what the walk of every string refuses, with the same message, and stores and measures JSON.stringify', () => {
    fc.assert(
      fc.property(doc, (d) => {
        const fast = outcome(() => storableGraphJson(d));
        expect(fast).toBe(outcome(() => assertDocSize(d)));
        if (fast === 'ok')
          expect(storableGraphJson(d)).toEqual({
            nodesJson: JSON.stringify(d.nodes),
            edgesJson: JSON.stringify(d.edges),
            bytes: Buffer.byteLength(JSON.stringify(d)),
          });
      }),
      { numRuns: 2000 },
    );
  });

  it('names the place of a NUL, a lone surrogate and a value nested too deep', () => {
    const node = (data: Record<string, unknown>) => ({
      id: 'n1',
      type: 'textNode',
      position: { x: 0, y: 0 },
      data,
    });
    expect(outcome(() => storableGraphJson({ ...empty, nodes: [node({ label: 'a\u0000b' })] }))).toBe(
      'nodes.0.data.label: contains a NUL character or a broken surrogate pair',
    );
    expect(outcome(() => storableGraphJson({ ...empty, nodes: [node({ 'k\udc00': 1 })] }))).toBe(
      'nodes.0.data.k\udc00: the key contains a NUL character or a broken surrogate pair',
    );
    expect(outcome(() => storableGraphJson({ ...empty, nodes: [node({ deep: deep(10_000) })] }))).toMatch(
      /^nodes\.0\.data\.deep(\.a)+: nested more than 64 levels deep$/,
    );
    // A backslash and "u0000" typed as text, and a surrogate pair, are fine.
    expect(
      outcome(() => storableGraphJson({ ...empty, nodes: [node({ label: '\\u0000 \\ud800 😀' })] })),
    ).toBe('ok');
  });

  it('measures the document as JSON.stringify writes it, to the byte', () => {
    const base = { ...empty, name: 'Größe' };
    const size = (label: string) =>
      Buffer.byteLength(
        JSON.stringify({ ...base, nodes: [{ id: 'n', position: { x: 0, y: 0 }, data: { label } }] }),
      );
    const fill = 'é'.repeat(Math.floor((FLOW_DOC_MAX_BYTES - size('')) / 2));
    const atLimit = fill + 'x'.repeat(FLOW_DOC_MAX_BYTES - size(fill));
    const graph = (label: string) => ({
      ...base,
      nodes: [{ id: 'n', position: { x: 0, y: 0 }, data: { label } }],
    });
    expect(size(atLimit)).toBe(FLOW_DOC_MAX_BYTES);
    expect(outcome(() => storableGraphJson(graph(atLimit)))).toBe('ok');
    expect(outcome(() => storableGraphJson(graph(`${atLimit}x`)))).toBe(
      'The flow is too large: 5.0 MB, at most 5.0 MB.',
    );
  });
});
