import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildEdge,
  checkConnection,
  connectedHandles,
  EDGE_COLOURS,
  edgeStyleFor,
  LINK_REFUSALS,
  removeNodes,
  type TConnection,
  type TFlowEdge,
  type TFlowNode,
  type TLinkContext,
  validateGraph,
} from '../../../src/shared/domain/link-rules';
import {
  HANDLE_TYPES,
  handleSpec,
  NODE_CATALOGUE,
  nodeSpec,
} from '../../../src/shared/domain/node-catalogue';

const node = (id: string, type: string, data: Record<string, unknown> = {}): TFlowNode => ({
  id,
  type,
  data,
});
/** 'a:textNode b:displayNode' → nodes a and b. */
const nodesOf = (s: string): TFlowNode[] => s.split(/\s+/).map((w) => node(w.split(':')[0], w.split(':')[1]));
/** 'a.out>b.in' → a connection from handle out of a to handle in of b. */
const link = (s: string): TConnection => {
  const [[source, sourceHandle], [target, targetHandle]] = s.split('>').map((end) => end.split('.'));
  return { source, sourceHandle, target, targetHandle };
};
const edge = (id: string, s: string, data?: Record<string, unknown>): TFlowEdge => ({ id, ...link(s), data });

/** The refusal code (or 'ok') of `conn` drawn on a graph whose edges are `existing`. */
const code = (nodes: TFlowNode[], existing: string[], conn: string, ctx?: TLinkContext): string => {
  const r = checkConnection(link(conn), { nodes, edges: existing.map((c, i) => edge(`e${i}`, c)) }, ctx);
  return r.ok ? 'ok' : r.code;
};

describe('checkConnection: handles', () => {
  const nodes = nodesOf('t:textNode p:promptNode d:displayNode x:nopeNode');

  it('accepts a link between existing handles and returns its type', () => {
    expect(checkConnection(link('t.text>p.prompt'), { nodes, edges: [] })).toEqual({
      ok: true,
      type: 'text',
      sourceHandle: 'text',
      targetHandle: 'prompt',
    });
  });

  it('refuses links to missing nodes, unknown types and to the same node', () => {
    expect(code(nodes, [], 't.text>gone.prompt')).toBe('missing-node');
    expect(code(nodes, [], 'x.out>d.in')).toBe('unknown-node-type');
    expect(code(nodes, [], 'p.response>p.prompt')).toBe('self-link');
  });

  it('refuses handles the catalogue does not have, or used in the wrong direction', () => {
    expect(code(nodes, [], 't.nope>p.prompt')).toBe('unknown-handle');
    expect(code(nodes, [], 'p.prompt>d.text')).toBe('wrong-direction');
    expect(code(nodes, [], 't.text>p.response')).toBe('wrong-direction');
  });

  it("resolves a missing handle id to the node's only handle in that direction", () => {
    const r = checkConnection({ source: 't', target: 'p', targetHandle: 'prompt' }, { nodes, edges: [] });
    expect(r).toMatchObject({ ok: true, sourceHandle: 'text' });
    const ambiguous = checkConnection({ source: 't', target: 'p' }, { nodes, edges: [] });
    expect(ambiguous).toMatchObject({ ok: false, code: 'unknown-handle' });
  });
});

describe('checkConnection: data types', () => {
  const nodes = nodesOf(
    't:textNode i:imageNode di:displayImageNode v:videoInputNode vp:onlineVideoPlayerNode d:displayNode',
  );

  it('links only handles of the same data type', () => {
    expect(code(nodes, [], 't.text>di.image')).toBe('type-mismatch');
    expect(code(nodes, [], 'i.image>di.image')).toBe('ok');
  });

  it('links video only to video, with its own reason', () => {
    expect(code(nodes, [], 'v.video>d.text')).toBe('video-only');
    expect(code(nodes, [], 't.text>vp.video')).toBe('video-only');
    expect(code(nodes, [], 'v.video>vp.video')).toBe('ok');
  });
});

describe('checkConnection: how many links', () => {
  const nodes = nodesOf(`w1:waitNode w2:waitNode d1:displayNode d2:displayNode fw:findWordNode
    mt:multiTurnConversationNode t1:textNode t2:textNode m:textMergeNode b:beginNode pp:parallelProcessingNode
    ex:executionConnectorNode br:branchingNode rt:multiTurnRouterNode sb:conditionalNode`);

  it('refuses the same link twice', () => {
    expect(code(nodes, ['t1.text>d1.text'], 't1.text>d1.text')).toBe('duplicate');
  });

  it('gives a statement source one outgoing link', () => {
    expect(code(nodes, [], 'w1.out>d1.in')).toBe('ok');
    expect(code(nodes, ['w1.out>d1.in'], 'w1.out>d2.in')).toBe('statement-source-taken');
  });

  it('lets findWordNode and multiTurnConversationNode fan out', () => {
    expect(code(nodes, ['fw.found>d1.in'], 'fw.found>d2.in')).toBe('ok');
    expect(code(nodes, ['fw.found>d1.in'], 'fw.notFound>d2.in')).toBe('ok');
    expect(code(nodes, ['mt.pass>d1.in'], 'mt.fail>d2.in')).toBe('ok');
    expect(code(nodes, ['mt.pass>d1.in'], 'mt.pass>w1.in')).toBe('ok');
  });

  it('gives a target node one incoming statement link', () => {
    expect(code(nodes, ['w1.out>d1.in'], 'w2.out>d1.in')).toBe('statement-target-taken');
    expect(code(nodes, ['w1.out>d1.in'], 'w2.out>d2.in')).toBe('ok');
  });

  it('lets execution and branch targets take many links', () => {
    expect(code(nodes, ['b.exec>ex.execIn'], 'pp.exec>ex.execIn')).toBe('ok');
    expect(code(nodes, ['br.branch>sb.branch'], 'rt.branch>sb.branch')).toBe('ok');
  });

  it('gives a data input one link, while a data output may feed many', () => {
    expect(code(nodes, ['t1.text>d1.text'], 't2.text>d1.text')).toBe('input-taken');
    expect(code(nodes, ['t1.text>d1.text'], 't2.text>m.second')).toBe('ok');
    expect(code(nodes, ['t1.text>d1.text'], 't1.text>d2.text')).toBe('ok');
  });

  it('leaves out the edge being reconnected', () => {
    expect(code(nodes, ['w1.out>d1.in'], 'w1.out>d2.in', { ignoreEdgeId: 'e0' })).toBe('ok');
  });
});

describe('checkConnection: Google spreadsheet', () => {
  const csv = (data: Record<string, unknown>, ctx?: TLinkContext) =>
    code(
      [node('c', 'csvBuilderNode'), node('g', 'writeToGoogleSpreadsheetNode', data)],
      [],
      'c.csv>g.csv',
      ctx,
    );

  it('refuses csv to a sheet block until a sheet or the account is linked', () => {
    expect(csv({})).toBe('spreadsheet-not-linked');
    expect(csv({ owner: 'u1' })).toBe('ok');
    expect(csv({ spreadsheetId: 's1' })).toBe('ok');
    expect(csv({ spreadsheetName: 'Marks' })).toBe('ok');
    expect(csv({}, { userLinkedWithGoogleSpreadsheet: true })).toBe('ok');
    expect(code(nodesOf('c:csvBuilderNode p:csvToPdfNode'), [], 'c.csv>p.csv')).toBe('ok');
  });
});

describe('edges', () => {
  it('colours each data type, control links 8 wide and the others 2', () => {
    for (const t of HANDLE_TYPES) {
      const strokeWidth = t === 'statement' || t === 'execution' ? 8 : 2;
      expect(edgeStyleFor(t)).toEqual({ stroke: EDGE_COLOURS[t], strokeWidth });
    }
    expect(new Set(Object.values(EDGE_COLOURS)).size).toBe(HANDLE_TYPES.length);
  });

  it('builds smoothstep control links and marks links leaving Start', () => {
    const nodes = nodesOf('b:beginNode w:waitNode ex:executionConnectorNode');
    const start = buildEdge(link('b.out>w.in'), 'statement', nodes, 'e1');
    expect(start).toMatchObject({ id: 'e1', type: 'smoothstep', data: { condition: true } });
    expect(start.style).toEqual({ stroke: EDGE_COLOURS.statement, strokeWidth: 8 });
    expect(start.markerEnd).toMatchObject({ type: 'arrowclosed', color: EDGE_COLOURS.statement });
    expect(buildEdge(link('b.exec>ex.execIn'), 'execution', nodes).data).toEqual({ condition: true });
    expect(buildEdge(link('w.out>ex.in'), 'statement', nodes).data).toEqual({});
    const data = buildEdge(link('t.text>d.text'), 'text', nodes);
    expect(data).toMatchObject({ type: 'default', style: { strokeWidth: 2 } });
    expect(data.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('lists connected handles as node:handle', () => {
    const set = connectedHandles([edge('e', 'a.out>b.in'), { id: 'f', source: 'c', target: 'd' }]);
    expect([...set].sort()).toEqual(['a:out', 'b:in', 'c:', 'd:']);
  });
});

describe('removeNodes', () => {
  const nodes = [node('b', 'beginNode'), node('w', 'waitNode', { isBegin: true }), node('d', 'displayNode')];
  const edges = [edge('e1', 'b.out>w.in', { condition: true }), edge('e2', 'w.out>d.in')];

  it('removes the nodes and their links, keeping the other objects', () => {
    const g = removeNodes({ nodes, edges }, ['d']);
    expect(g.nodes.map((n) => n.id)).toEqual(['b', 'w']);
    expect(g.edges.map((e) => e.id)).toEqual(['e1']);
    expect(g.nodes[1]).toBe(nodes[1]);
    expect(g.edges[0]).toBe(edges[0]);
  });

  it('resets begin and edge conditions when Start goes', () => {
    const g = removeNodes({ nodes, edges: [...edges, edge('e3', 'd.out>w.in', { condition: true, x: 1 })] }, [
      'b',
    ]);
    expect(g.edges.map((e) => e.data?.condition)).toEqual([undefined, undefined]);
    expect(g.edges[1].data).toEqual({ x: 1 });
    expect(g.nodes.find((n) => n.id === 'w')?.data).toEqual({});
  });
});

describe('validateGraph', () => {
  it('refuses the second of two links into a single-link input, and reports unknown nodes', () => {
    const nodes = nodesOf('t1:textNode t2:textNode d:displayNode x:oldNode');
    const edges = [edge('a', 't1.text>d.text'), edge('b', 't2.text>d.text'), edge('c', 't1.text>gone.in')];
    const report = validateGraph({ nodes, edges: [...edges, edge('d', 'x.out>d.in')] });
    expect(report.ok).toBe(false);
    expect(report.broken.map((b) => [b.edgeId, b.code])).toEqual([
      ['b', 'input-taken'],
      ['c', 'missing-node'],
      ['d', 'unknown-node-type'],
    ]);
    expect(report.broken.every((b) => b.reason.endsWith('.'))).toBe(true);
    expect(report.unknownNodes).toEqual([{ nodeId: 'x', type: 'oldNode' }]);
    expect(validateGraph({ nodes: nodes.slice(0, 3), edges: [] }).ok).toBe(true);
  });

  it('names every refusal code once', () => {
    expect(LINK_REFUSALS).toHaveLength(new Set(LINK_REFUSALS).size);
    expect(LINK_REFUSALS).toContain('spreadsheet-not-linked');
  });
});

// ---- properties ----

const PLACEABLE = NODE_CATALOGUE.filter((s) => !s.disabled && !s.forcedDisabled).map((s) => s.type);
const FAN_OUT = new Set(['findWordNode', 'multiTurnConversationNode']);

const graphInput = fc.record({
  types: fc.array(fc.constantFrom(...PLACEABLE), { minLength: 2, maxLength: 14 }),
  picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 60 }),
  linked: fc.boolean(),
  sheet: fc.boolean(),
});
type TGraphInput = typeof graphInput extends fc.Arbitrary<infer T> ? T : never;

const portsOf = (nodes: TFlowNode[], direction: 'input' | 'output') =>
  nodes.flatMap((n) =>
    nodeSpec(n.type!)!.handles.flatMap((h) => (h.direction === direction ? [{ n, h }] : [])),
  );

/** Random connection attempts on random nodes, and the edges the rules accept, drawn in order. */
function draw(input: TGraphInput) {
  const sheet = input.sheet ? { spreadsheetId: 's' } : {};
  const nodes = input.types.map((type, i) => node(`n${i}`, type, sheet));
  const ctx = { userLinkedWithGoogleSpreadsheet: input.linked };
  const [outs, ins] = [portsOf(nodes, 'output'), portsOf(nodes, 'input')];
  const conns: TConnection[] = [];
  const edges: TFlowEdge[] = [];
  for (const [a, b, c] of outs.length > 0 ? input.picks : []) {
    const o = outs[a % outs.length];
    // Mostly same-type targets, so many links are accepted; sometimes any target, to exercise refusals.
    const pool = c % 4 === 0 ? ins : ins.filter((i) => i.h.type === o.h.type);
    if (pool.length === 0) continue;
    const t = pool[b % pool.length];
    const conn = link(`${o.n.id}.${o.h.handleId}>${t.n.id}.${t.h.handleId}`);
    conns.push(conn);
    const r = checkConnection(conn, { nodes, edges }, ctx);
    if (r.ok) edges.push(buildEdge(conn, r.type, nodes, `e${edges.length}`));
  }
  return { nodes, conns, edges, ctx };
}

/** The rules restated independently of link-rules.ts, as an oracle: the first rule broken, if any. */
function breaksRules(nodes: TFlowNode[], edges: TFlowEdge[]): string | undefined {
  const typeOf = new Map(nodes.map((n) => [n.id, n.type!]));
  const count = new Map<string, number>();
  const bump = (k: string) => count.set(k, (count.get(k) ?? 0) + 1);
  for (const e of edges) {
    const s = handleSpec(typeOf.get(e.source)!, e.sourceHandle!)!;
    const t = handleSpec(typeOf.get(e.target)!, e.targetHandle!)!;
    if (s.type !== t.type || e.source === e.target) return `bad link ${e.id}`;
    bump(`link ${e.source} ${e.sourceHandle} ${e.target} ${e.targetHandle}`);
    if (s.type === 'statement' && !FAN_OUT.has(typeOf.get(e.source)!)) bump(`out ${e.source}`);
    if (t.type === 'statement') bump(`in ${e.target}`);
    if (!['statement', 'execution', 'branch'].includes(t.type)) bump(`input ${e.target} ${e.targetHandle}`);
  }
  return [...count].find(([, n]) => n > 1)?.[0];
}

describe('link rules: properties', () => {
  it('a graph built only from accepted connections validates, and satisfies the rules', () => {
    fc.assert(
      fc.property(graphInput, (input) => {
        const { nodes, edges, ctx } = draw(input);
        expect(validateGraph({ nodes, edges }, ctx)).toEqual({ ok: true, broken: [], unknownNodes: [] });
        expect(breaksRules(nodes, edges)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('validateGraph keeps, out of any edge list, only links that satisfy the rules', () => {
    fc.assert(
      fc.property(graphInput, (input) => {
        const { nodes, conns, ctx } = draw(input);
        const edges = conns.map((c, i): TFlowEdge => ({ id: `e${i}`, ...c }));
        const broken = new Set(validateGraph({ nodes, edges }, ctx).broken.map((b) => b.edgeId));
        expect(
          breaksRules(
            nodes,
            edges.filter((e) => !broken.has(e.id)),
          ),
        ).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('removeNodes never leaves a link to a removed node, nor a Start condition without its Start', () => {
    fc.assert(
      fc.property(graphInput, fc.array(fc.nat()), (input, removals) => {
        const { nodes, edges, ctx } = draw({ ...input, types: ['beginNode', ...input.types] });
        const gone = removals.map((r) => nodes[r % nodes.length].id);
        const g = removeNodes({ nodes, edges }, gone);
        const left = new Set(g.nodes.map((n) => n.id));
        expect(g.nodes.length).toBe(nodes.length - new Set(gone).size);
        for (const e of g.edges) expect(left.has(e.source) && left.has(e.target)).toBe(true);
        const starts = new Set(g.nodes.filter((x) => x.type === 'beginNode').map((x) => x.id));
        for (const e of g.edges) if (e.data?.condition) expect(starts.has(e.source)).toBe(true);
        expect(validateGraph(g, ctx).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
