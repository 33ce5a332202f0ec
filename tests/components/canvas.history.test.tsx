import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editor, graph, session } from '../../src/features/canvas/store/canvas.store';
import { deleteSelection, onNodesChange, placeNode } from '../../src/features/canvas/store/edit.actions';
import { commit, redo, undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

let F = '';
async function open(revision = 3) {
  stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F, { revision }) } }) });
  await openFlow(F);
}
const positionOf = (id: string) => graph.get().nodes.find((n) => n.id === id)?.position;

/** A drag as xyflow reports it: one position change per frame, then the drag stop. */
function drag(id: string, frames: number) {
  for (let i = 1; i <= frames; i++) {
    onNodesChange([{ type: 'position', id, position: { x: i * 10, y: 200 }, dragging: true }]);
  }
  onNodesChange([{ type: 'position', id, position: { x: frames * 10, y: 200 }, dragging: false }]);
  commit();
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  F = flowId();
  await open();
});
afterEach(() => {
  closeFlow();
  vi.useRealTimers();
  muteFetch();
});

describe('[CANVAS] edit history', () => {
  it('records a whole drag as one step, and nothing for a selection', () => {
    drag('text', 30);
    expect(session.history.snapshots).toHaveLength(2);
    onNodesChange([{ type: 'select', id: 'text', selected: true }]);
    commit();
    expect(session.history.snapshots).toHaveLength(2);
    // UI-only fields never reach history.
    const last = session.history.snapshots[1].nodes.find((n) => n.id === 'text')!;
    expect(Object.keys(last)).not.toContain('selected');
    expect(Object.keys(last)).not.toContain('dragging');
  });

  it('records a multi-delete as one step and removes the links of the deleted blocks', () => {
    onNodesChange([
      { type: 'select', id: 'text', selected: true },
      { type: 'select', id: 'start', selected: true },
    ]);
    expect(deleteSelection()).toBe(true);
    expect(session.history.snapshots).toHaveLength(2);
    expect(graph.get().nodes.map((n) => n.id)).toEqual(['show']);
    expect(graph.get().edges).toEqual([]);
  });

  it('undo and redo restore the graph with the is-restoring flag on while applying', async () => {
    drag('text', 5);
    placeNode('imageNode', { x: 400, y: 400 });
    expect(graph.get().nodes).toHaveLength(4);
    const seen: boolean[] = [];
    const stop = graph.subscribe(() => seen.push(editor.isRestoring));
    expect(undo()).toBe(true);
    expect(graph.get().nodes).toHaveLength(3);
    expect(editor.isRestoring).toBe(false);
    // The restore itself is not recorded as an edit.
    expect(commit()).toBe(false);
    expect(undo()).toBe(true);
    expect(positionOf('text')).toEqual({ x: 0, y: 200 });
    expect(editor.canUndo).toBe(false);
    expect(redo()).toBe(true);
    expect(positionOf('text')).toEqual({ x: 50, y: 200 });
    stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(Boolean)).toBe(true);
    expect(session.connectedHandles.has('text:text')).toBe(true);
  });

  it('applies an undo as a change: only the touched block is a new object, the rest stay as they are', () => {
    onNodesChange([{ type: 'select', id: 'start', selected: true }]);
    drag('text', 4);
    const before = graph.get();
    expect(undo()).toBe(true);
    const after = graph.get();
    expect(after.nodes).not.toBe(before.nodes);
    expect(after.nodes.find((n) => n.id === 'start')).toBe(before.nodes.find((n) => n.id === 'start'));
    expect(after.nodes.find((n) => n.id === 'show')).toBe(before.nodes.find((n) => n.id === 'show'));
    expect(after.nodes.find((n) => n.id === 'text')).not.toBe(before.nodes.find((n) => n.id === 'text'));
    // Links the step did not touch: the very same array. The selection stays.
    expect(after.edges).toBe(before.edges);
    expect(after.nodes.find((n) => n.id === 'start')?.selected).toBe(true);
    expect(redo()).toBe(true);
    expect(positionOf('text')).toEqual({ x: 40, y: 200 });
    expect(graph.get().nodes.find((n) => n.id === 'show')).toBe(before.nodes.find((n) => n.id === 'show'));
  });

  it('a new edit after undo drops the redo branch', () => {
    drag('text', 3);
    drag('text', 6);
    undo();
    expect(editor.canRedo).toBe(true);
    placeNode('textNode', { x: 0, y: 600 });
    expect(editor.canRedo).toBe(false);
    expect(session.history.snapshots).toHaveLength(3);
  });

  it('survives a reload when the server revision has not moved, and not otherwise', async () => {
    drag('text', 8);
    await act(() => vi.advanceTimersByTimeAsync(400));
    closeFlow();
    await open(3);
    expect(positionOf('text')).toEqual({ x: 80, y: 200 });
    expect(editor.restoredDraft).toBe(true);
    expect(undo()).toBe(true);
    expect(positionOf('text')).toEqual({ x: 0, y: 200 });

    closeFlow();
    await open(9);
    // Saved elsewhere since: the history of revision 3 no longer applies.
    expect(editor.canUndo).toBe(false);
  });
});
