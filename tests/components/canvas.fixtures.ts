import { vi } from 'vitest';
import type { TCanvasEdge, TCanvasNode } from '../../src/features/canvas/canvas.types';
import { openFlow } from '../../src/features/canvas/store/load.actions';
import { buildEdge, checkConnection, type TConnection } from '../../src/shared/domain/link-rules';
import { P1, stubApi, USER } from './collections.fixtures';

/** Flows shaped by src/shared/contract/flows.ts for the canvas tests. */
let seq = 0;
export const flowId = () => (++seq).toString(16).padStart(24, 'f');

export const node = (id: string, type: string, x = 0, y = 0): TCanvasNode => ({
  id,
  type,
  position: { x, y },
  data: { label: type },
});

export function link(
  nodes: TCanvasNode[],
  edges: TCanvasEdge[],
  conn: TConnection,
  id = `e${edges.length + 1}`,
) {
  const r = checkConnection(conn, { nodes, edges });
  if (!r.ok) throw new Error(`test graph: ${r.reason}`);
  edges.push(buildEdge(conn, r.type, nodes, id) as TCanvasEdge);
}

/** Start → Display Text ← Text. */
export function smallGraph() {
  const nodes = [
    node('start', 'beginNode', 0, 0),
    node('text', 'textNode', 0, 200),
    node('show', 'displayNode', 300, 0),
  ];
  const edges: TCanvasEdge[] = [];
  link(nodes, edges, { source: 'start', sourceHandle: 'out', target: 'show', targetHandle: 'in' });
  link(nodes, edges, { source: 'text', sourceHandle: 'text', target: 'show', targetHandle: 'text' });
  return { nodes, edges };
}

export function flow(id: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    id,
    name: 'Photosynthesis',
    description: '',
    iconUrl: null,
    projectId: P1,
    ownerId: USER,
    orgId: null,
    published: false,
    revision: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...smallGraph(),
    ...extra,
  };
}

/** After a test: late saves (closeFlow sends one) must not reach the real network. */
export function muteFetch() {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'test over' }), { status: 503 }));
}

/** Opens flow `id` in the editor as a new, empty flow (the server answers its GET). */
export async function openEmptyFlow(id: string): Promise<void> {
  stubApi({ [`GET flows/${id}`]: () => ({ body: { data: flow(id, { nodes: [], edges: [] }) } }) });
  await openFlow(id);
}
