import fc from 'fast-check';
import type { TFlowDocument, TFlowEdge, TFlowNode } from '../../../src/shared/contract/flows';
import { buildEdge, checkConnection, type TConnection } from '../../../src/shared/domain/link-rules';
import { nodeSpec } from '../../../src/shared/domain/node-catalogue';

/** Node types with statement, text and image handles: enough to exercise every kind of link rule. */
export const GRAPH_TYPES = [
  'beginNode',
  'textNode',
  'displayNode',
  'textMergeNode',
  'imageNode',
  'displayImageNode',
];

export const node = (id: string, type: string, data: Record<string, unknown> = {}): TFlowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: type, ...data },
});

/** Adds the link when the link rules accept it (built like the canvas builds it); returns whether it did. */
export function link(
  nodes: TFlowNode[],
  edges: TFlowEdge[],
  conn: TConnection,
  id = `e${edges.length + 1}`,
): boolean {
  const checked = checkConnection(conn, { nodes, edges });
  if (!checked.ok) return false;
  edges.push(buildEdge(conn, checked.type, nodes, id) as TFlowEdge);
  return true;
}

/** Start → Display Text ← Text: the smallest flow with two valid links. */
export function smallGraph(): { nodes: TFlowNode[]; edges: TFlowEdge[] } {
  const nodes = [
    node('start', 'beginNode'),
    node('text', 'textNode', { text: 'Hello' }),
    node('show', 'displayNode'),
  ];
  const edges: TFlowEdge[] = [];
  link(nodes, edges, { source: 'start', sourceHandle: 'out', target: 'show', targetHandle: 'in' });
  link(nodes, edges, { source: 'text', sourceHandle: 'text', target: 'show', targetHandle: 'text' });
  return { nodes, edges };
}

// Strings PostgreSQL can store (no NUL, no lone surrogate), including non-ASCII text.
const text = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !s.includes('\u0000'));
const scalar = fc.oneof(
  text,
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((x) => !Object.is(x, -0)),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), scalar, { maxKeys: 3 }),
);
const dataKey = fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !['__proto__', 'label'].includes(k));

const arbNode = fc.record({
  type: fc.constantFrom(...GRAPH_TYPES),
  x: fc.integer({ min: -5000, max: 5000 }),
  y: fc.integer({ min: -5000, max: 5000 }),
  label: text,
  extra: fc.dictionary(dataKey, value, { maxKeys: 4 }),
});

/** Flow documents whose links all satisfy the link rules: random wiring attempts, refused ones skipped. */
export const arbFlowDocument: fc.Arbitrary<TFlowDocument> = fc
  .record({
    name: text.map((s) => s.trim()).filter((s) => s.length > 0),
    description: text,
    iconUrl: fc.option(fc.webUrl(), { nil: null }),
    published: fc.boolean(),
    nodes: fc.array(arbNode, { minLength: 1, maxLength: 10 }),
    wiring: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 25 }),
  })
  .map(({ nodes: specs, wiring, ...rest }) => {
    const nodes: TFlowNode[] = specs.map((s, i) => ({
      id: `n${i}`,
      type: s.type,
      position: { x: s.x, y: s.y },
      data: { ...s.extra, label: s.label },
    }));
    const edges: TFlowEdge[] = [];
    // Pick an output, then a target among the inputs of the same type, so most attempts are plausible.
    const inputs = nodes.flatMap((n) =>
      (nodeSpec(n.type ?? '')?.handles ?? [])
        .filter((h) => h.direction === 'input')
        .map((h) => ({ node: n, handle: h })),
    );
    for (const [a, b, h1] of wiring) {
      const source = nodes[a % nodes.length];
      const outs = nodeSpec(source.type ?? '')?.handles.filter((h) => h.direction === 'output') ?? [];
      if (!outs.length) continue;
      const out = outs[h1 % outs.length];
      const targets = inputs.filter((i) => i.handle.type === out.type && i.node.id !== source.id);
      if (!targets.length) continue;
      const target = targets[b % targets.length];
      link(nodes, edges, {
        source: source.id,
        sourceHandle: out.handleId,
        target: target.node.id,
        targetHandle: target.handle.handleId,
      });
    }
    return { ...rest, nodes, edges };
  });
