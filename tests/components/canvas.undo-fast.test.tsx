import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { graph, selectedCount, selectedNode, session } from '../../src/features/canvas/store/canvas.store';
import {
  deleteNode,
  onNodesChange,
  selectAll,
  updateNodeData,
} from '../../src/features/canvas/store/edit.actions';
import { commit, redo, undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

/*
 * The shortcuts that keep one undo within a frame on large flows must not change what is recorded:
 * commit() skips its walk only while the live graph is the one last recorded, an undo that puts a
 * deleted block back in the middle of the list keeps every other block object, and the cached
 * selection follows every new graph.
 */
let F = '';
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  F = flowId();
  stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F, { revision: 3 }) } }) });
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  vi.useRealTimers();
  muteFetch();
});

const ids = () => graph.get().nodes.map((n) => n.id);

describe('[CANVAS] undo on large flows keeps what is recorded', () => {
  it('records an edit made right after an undo, and nothing when nothing changed', () => {
    onNodesChange([{ type: 'position', id: 'text', position: { x: 90, y: 200 }, dragging: false }]);
    expect(commit()).toBe(true);
    expect(undo()).toBe(true);
    const steps = session.history.snapshots.length;
    expect(commit()).toBe(false);
    expect(session.history.snapshots).toHaveLength(steps);
    updateNodeData('text', { label: 'Renamed' }, true);
    expect(session.history.index).toBe(1);
    expect(session.history.snapshots).toHaveLength(2);
    expect(session.history.snapshots[1].nodes.find((n) => n.id === 'text')?.data.label).toBe('Renamed');
    expect(undo()).toBe(true);
    expect(graph.get().nodes.find((n) => n.id === 'text')?.data.label).not.toBe('Renamed');
  });

  it('puts a deleted middle block back in its place and keeps the other block objects', () => {
    const order = ids();
    const middle = order[1];
    const others = graph.get().nodes.filter((n) => n.id !== middle);
    deleteNode(middle);
    expect(ids()).not.toContain(middle);
    expect(undo()).toBe(true);
    expect(ids()).toEqual(order);
    for (const n of others) expect(graph.get().nodes.find((x) => x.id === n.id)).toBe(n);
    expect(redo()).toBe(true);
    expect(ids()).toEqual(order.filter((id) => id !== middle));
  });

  it('reads the selection of each new graph, not of the one it first saw', () => {
    expect(selectedNode(graph.get())).toBeNull();
    onNodesChange([{ type: 'select', id: 'text', selected: true }]);
    expect(selectedNode(graph.get())?.id).toBe('text');
    expect(selectedCount(graph.get())).toBe(1);
    selectAll();
    expect(selectedNode(graph.get())).toBeNull();
    expect(selectedCount(graph.get())).toBe(graph.get().nodes.length);
  });
});
