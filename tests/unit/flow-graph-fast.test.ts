import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgesAsIs, nodesAsIs, ZUpdateFlowRequestFast } from '../../src/shared/contract/flow-graph-fast';
import { ZEdges, ZNodes, ZUpdateFlowRequest } from '../../src/shared/contract/flows';
import { benchGraph } from '../bench/canvas.data';

// Values as a body brings them: generated as entries (so `__proto__` can be an own key, as
// JSON.parse makes it), then sent through JSON text.
const MISSING = Symbol('missing');
type Field = [string, unknown];
const object = (fields: fc.Arbitrary<Field | typeof MISSING>[], extra = fc.constant<Field[]>([])) =>
  fc
    .tuple(fc.tuple(...fields), extra)
    .map(([known, more]) => Object.fromEntries([...known.filter((f) => f !== MISSING), ...more] as Field[]));
const field = (key: string, value: fc.Arbitrary<unknown>, missing = 1) =>
  fc.oneof(
    { arbitrary: value.map((v): Field => [key, v]), weight: 8 },
    { arbitrary: fc.constant(MISSING), weight: missing },
  );

/** Strings at every length bound the schemas have, with NUL and lone surrogates. */
const text = fc.oneof(
  fc.constantFrom('', 'a', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(200), 'x'.repeat(201)),
  fc.constantFrom('x'.repeat(400), 'x'.repeat(401), 'a\u0000b', '\ud800', 'start'),
  fc.string({ maxLength: 5 }),
);
const anyJson = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const wrong = fc.oneof(anyJson, fc.constant([]), fc.constant({}));
const maybe = (good: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: good, weight: 5 }, { arbitrary: wrong, weight: 1 });
const keyName = fc.oneof(text, fc.constantFrom('__proto__', 'label', 'k\u0000'));
const extraKeys = fc.array(fc.tuple(fc.constantFrom('__proto__', 'extra', 'zz', 'width'), anyJson), {
  maxLength: 1,
});

const position = object(
  [field('x', maybe(fc.integer())), field('y', maybe(fc.double({ noNaN: true })))],
  extraKeys,
);
const data = fc.array(fc.tuple(keyName, anyJson), { maxLength: 3 }).map((e) => Object.fromEntries(e));
const node = object(
  [
    field('id', text, 0),
    field('type', text),
    field('position', maybe(position), 0),
    field('data', maybe(data)),
  ],
  extraKeys,
);
const broken = object([field('code', maybe(text), 0), field('reason', maybe(text), 0)], extraKeys);
const edgeData = object([field('broken', maybe(broken))], extraKeys);
const edge = object(
  [
    field('id', text, 0),
    field('source', text, 0),
    field('target', text, 0),
    field('sourceHandle', fc.oneof(text, fc.constant(null))),
    field('targetHandle', fc.oneof(text, fc.constant(null))),
    field('type', text),
    field('data', maybe(edgeData)),
  ],
  extraKeys,
);
const asBody = <T>(arb: fc.Arbitrary<T>) => arb.map((v) => JSON.parse(JSON.stringify(v)) as T);
const nodes = asBody(fc.array(maybe(node), { maxLength: 3 }));
const edges = asBody(fc.array(maybe(edge), { maxLength: 3 }));

describe('[FLOWS] the save takes a graph as it is only where zod would keep it unchanged', () => {
  it('nodes and edges the plain checks accept, zod accepts and leaves as they are', () => {
    let taken = 0;
    fc.assert(
      fc.property(nodes, edges, (n, e) => {
        if (nodesAsIs(n)) {
          taken++;
          expect(ZNodes.parse(n)).toStrictEqual(n);
        }
        if (edgesAsIs(e)) {
          taken++;
          expect(ZEdges.parse(e)).toStrictEqual(e);
        }
      }),
      { numRuns: 3000 },
    );
    // the generator reaches both sides of the checks
    expect(taken).toBeGreaterThan(1000);
    expect(taken).toBeLessThan(5000);
  });

  it('answers what ZUpdateFlowRequest answers, value or errors, for any body', () => {
    const body = fc.record(
      { nodes, edges, revision: maybe(fc.integer({ min: -1, max: 3 })), name: maybe(text) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (b) => {
        const fast = ZUpdateFlowRequestFast.safeParse(b);
        const slow = ZUpdateFlowRequest.safeParse(b);
        expect(fast.success).toBe(slow.success);
        if (fast.success && slow.success) expect(fast.data).toStrictEqual(slow.data);
        if (!fast.success && !slow.success) expect(fast.error.issues).toEqual(slow.error.issues);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the canvas graph of a save as it is, without copying it', () => {
    const graph = JSON.parse(JSON.stringify(benchGraph(200)));
    const parsed = ZUpdateFlowRequestFast.safeParse({ ...graph, revision: 4 });
    expect(parsed.success && parsed.data.nodes).toBe(graph.nodes);
    expect(parsed.success && parsed.data.edges).toBe(graph.edges);
    expect(parsed.data).toStrictEqual(ZUpdateFlowRequest.parse({ ...graph, revision: 4 }));
  });
});
