import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editor, graph, session } from '../../src/features/canvas/store/canvas.store';
import {
  CLIPBOARD_KEY,
  copySelection,
  cutSelection,
  duplicateSelection,
  paste,
  pasteInto,
} from '../../src/features/canvas/store/clipboard';
import { onNodesChange } from '../../src/features/canvas/store/edit.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { isId } from '../../src/shared/domain/ids';
import { flow, flowId, muteFetch, node, smallGraph } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

async function open(id: string, extra: Record<string, unknown> = {}) {
  stubApi({ [`GET flows/${id}`]: () => ({ body: { data: flow(id, extra) } }) });
  await openFlow(id);
}
const select = (...ids: string[]) =>
  onNodesChange(ids.map((id) => ({ type: 'select' as const, id, selected: true })));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.clear();
});
afterEach(() => {
  closeFlow();
  vi.useRealTimers();
  muteFetch();
});

describe('[CANVAS] copy and paste', () => {
  it('pastes new blocks with new ids, keeps the links inside the selection, as one step', async () => {
    await open(flowId());
    select('text', 'show');
    expect(copySelection()).toBe(2);
    expect(JSON.parse(localStorage.getItem(CLIPBOARD_KEY)!).nodes).toHaveLength(2);
    const before = session.history.snapshots.length;
    expect(paste()).toEqual({ count: 2, dropped: 0 });
    expect(session.history.snapshots).toHaveLength(before + 1);
    const { nodes, edges } = graph.get();
    const pasted = nodes.filter((n) => n.selected);
    expect(pasted).toHaveLength(2);
    expect(pasted.every((n) => isId(n.id))).toBe(true);
    expect(nodes).toHaveLength(5);
    // text → show was inside the selection; start → show was not.
    const inner = edges.filter((e) => pasted.some((n) => n.id === e.source));
    expect(inner).toHaveLength(1);
    expect(pasted.map((n) => n.id)).toContain(inner[0].target);
    expect(isId(inner[0].id)).toBe(true);
    expect(edges).toHaveLength(3);
    expect(pasted.find((n) => n.type === 'textNode')?.position).toEqual({ x: 40, y: 240 });
  });

  it('pastes into another flow through localStorage', async () => {
    await open(flowId());
    select('start', 'show');
    copySelection();
    closeFlow();
    await open(flowId(), { nodes: [node('solo', 'textNode')], edges: [] });
    expect(paste().count).toBe(2);
    const { nodes, edges } = graph.get();
    expect(nodes.map((n) => n.type)).toEqual(['textNode', 'beginNode', 'displayNode']);
    // Start → Display keeps its link and, leaving Start, its condition.
    expect(edges).toHaveLength(1);
    expect(edges[0].data?.condition).toBe(true);
  });

  it('checks every pasted link again and leaves out those the rules refuse', () => {
    const { nodes, edges } = smallGraph();
    // A clipboard (e.g. from an old version) with two links into one data input: only one may stay.
    const clip = {
      fromFlowId: 'x',
      nodes: [node('a', 'textNode'), node('b', 'textNode'), node('c', 'displayNode')],
      edges: [
        { id: 'x1', source: 'a', sourceHandle: 'text', target: 'c', targetHandle: 'text' },
        { id: 'x2', source: 'b', sourceHandle: 'text', target: 'c', targetHandle: 'text' },
      ],
    };
    const out = pasteInto({ nodes, edges }, clip, 40);
    expect(out.dropped).toBe(1);
    expect(out.edges).toHaveLength(3);
    expect(out.nodes.filter((n) => n.selected)).toHaveLength(3);
  });

  it('cut removes the selection; duplicate copies it without touching the clipboard', async () => {
    await open(flowId());
    select('text');
    expect(duplicateSelection().count).toBe(1);
    expect(localStorage.getItem(CLIPBOARD_KEY)).toBeNull();
    expect(graph.get().nodes).toHaveLength(4);
    expect(cutSelection()).toBe(1);
    expect(graph.get().nodes).toHaveLength(3);
    expect(editor.pending).toBe(2);
  });
});
