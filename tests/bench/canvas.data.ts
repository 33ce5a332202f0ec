import { newId } from '../../src/shared/domain/ids';
import { buildEdge, createLinkChecker, type TConnection } from '../../src/shared/domain/link-rules';

type TNode = { id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown> };
type TEdge = ReturnType<typeof buildEdge>;

const COLUMNS = 40;
const GAP_X = 300;
const GAP_Y = 160;

/**
 * A flow of `count` blocks whose links all satisfy the link rules, laid out on a grid: a Start, then
 * a path of Display Text blocks (statement out → in), with one Text block in four feeding the text
 * input of the Display that follows it. About one link per block, like flows teachers build.
 */
export function benchGraph(count: number): { nodes: TNode[]; edges: TEdge[] } {
  const nodes: TNode[] = [];
  for (let i = 0; i < count; i++) {
    const type = i === 0 ? 'beginNode' : i % 4 === 3 ? 'textNode' : 'displayNode';
    const position = { x: (i % COLUMNS) * GAP_X, y: Math.floor(i / COLUMNS) * GAP_Y };
    nodes.push({ id: newId(), type, position, data: { label: `${type} ${i}` } });
  }
  const checker = createLinkChecker({ nodes, edges: [] });
  const edges: TEdge[] = [];
  const add = (conn: TConnection) => {
    const r = checker.accept(conn);
    if (!r.ok) throw new Error(`bench graph: ${r.reason}`);
    edges.push(buildEdge(conn, r.type, nodes));
  };
  let lastStep = nodes[0];
  for (let i = 1; i < count; i++) {
    const n = nodes[i];
    if (n.type === 'textNode') {
      const next = nodes[i + 1];
      if (next?.type === 'displayNode')
        add({ source: n.id, sourceHandle: 'text', target: next.id, targetHandle: 'text' });
      continue;
    }
    add({ source: lastStep.id, sourceHandle: 'out', target: n.id, targetHandle: 'in' });
    lastStep = n;
  }
  return { nodes, edges };
}
