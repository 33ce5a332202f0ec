import { buildEdge, checkConnection, START_NODE_TYPE, type TGraph } from './link-rules';
import { nodeSpec, type TNodeGroupId, type TNodeSpec } from './node-catalogue';

type TDemoNode = TGraph['nodes'][number] & { position: { x: number; y: number } };
type TDemoEdge = TGraph['edges'][number];

/** The demo flow of one block type: what a help link (`/viewer/flow/share/{type}`) runs. */
export type TDemoFlow = {
  _id: string;
  name: string;
  description: string;
  revision: number;
  nodes: TDemoNode[];
  edges: TDemoEdge[];
};

/**
 * Example settings a block of each group starts with in its demo. The runtime reads these keys across
 * blocks (a text's `text`, an input's `question`, a prompt block's `prompt`), so one example per group
 * makes every block of it show something real instead of an empty card.
 */
const EXAMPLE_DATA: Readonly<Record<TNodeGroupId, Record<string, string>>> = {
  'input-content': { text: 'Plants make their food from light, water and air.' },
  display: { text: 'Plants make their food from light, water and air.' },
  'user-input': { question: 'What do plants need to make their food?' },
  'ai-processing': { prompt: 'Explain in one sentence how plants make their food.' },
  logic: {},
  placeholders: {},
};

const at = (x: number, y: number) => ({ x, y });
const hasHandle = (spec: TNodeSpec, direction: 'input' | 'output', handleId: string) =>
  spec.handles.some((h) => h.direction === direction && h.handleId === handleId);

/**
 * Start → the block (→ Display Text showing what it gives, when the block only holds a value), built
 * with the canvas's own link rules, so the demo is a flow an author could have drawn. Null for a type
 * the catalogue does not know.
 */
export function demoFlowOf(type: string): TDemoFlow | null {
  const spec = nodeSpec(type);
  if (!spec) return null;
  const nodes: TDemoNode[] = [
    { id: 'start', type: START_NODE_TYPE, position: at(0, 0), data: { label: 'Start' } },
  ];
  const edges: TDemoEdge[] = [];
  const connect = (source: string, sourceHandle: string, target: string, targetHandle: string) => {
    const conn = { source, sourceHandle, target, targetHandle };
    const checked = checkConnection(conn, { nodes, edges });
    if (checked.ok) edges.push(buildEdge(conn, checked.type, nodes, `e${edges.length + 1}`) as TDemoEdge);
    return checked.ok;
  };
  if (type !== START_NODE_TYPE) {
    nodes.push({
      id: 'block',
      type,
      position: at(320, 0),
      data: { label: spec.name, ...EXAMPLE_DATA[spec.group] },
    });
    if (hasHandle(spec, 'input', 'in')) connect('start', 'out', 'block', 'in');
    else {
      // A block that only holds a value is read by the one that shows it.
      nodes.push({ id: 'show', type: 'displayNode', position: at(640, 0), data: { label: 'Display Text' } });
      connect('start', 'out', 'show', 'in');
      const out = spec.handles.find((h) => h.direction === 'output' && h.type !== 'statement');
      if (out) connect('block', out.handleId, 'show', 'text');
    }
  }
  return { _id: type, name: spec.name, description: spec.description, revision: spec.version, nodes, edges };
}
