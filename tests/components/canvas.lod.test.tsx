import { act, render, screen } from '@testing-library/react';
import { ReactFlowProvider, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LodLayer, lodPaneClick } from '../../src/features/canvas/components/LodLayer';
import { LodWatch } from '../../src/features/canvas/components/LodWatch';
import { GROUP_COLOUR } from '../../src/features/canvas/components/node-look';
import { isSimplified, LOD_ZOOM, setZoomLevel } from '../../src/features/canvas/lod';
import { lodScene, SELECTED_COLOUR } from '../../src/features/canvas/lod-scene';
import { graph, session } from '../../src/features/canvas/store/canvas.store';
import { onNodesChange } from '../../src/features/canvas/store/edit.actions';
import { commit, redo, undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

/**
 * Sets the canvas zoom the way panning and zooming do: in xyflow's store, read by LodWatch. There is
 * no pane in this test, so a stand-in marks the viewport as placed (LodWatch waits for that).
 */
function Zoom({ zoom }: { zoom: number }) {
  const store = useStoreApi();
  useEffect(() => {
    const placed = store.getState().panZoom ?? ({} as ReturnType<typeof store.getState>['panZoom']);
    store.setState({ transform: [0, 0, zoom], panZoom: placed });
  }, [store, zoom]);
  return null;
}

const Scene = ({ zoom }: { zoom: number }) => (
  <ReactFlowProvider>
    <Zoom zoom={zoom} />
    <LodWatch />
    <LodLayer />
  </ReactFlowProvider>
);
const nodeOf = (id: string) => graph.get().nodes.find((n) => n.id === id);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const F = flowId();
  stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F) } }) });
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  setZoomLevel(1);
  vi.useRealTimers();
  muteFetch();
});

describe('[CANVAS] level of detail', () => {
  it('paints every block as a box in its group colour and every link as a line between its handles', () => {
    onNodesChange([{ type: 'select', id: 'text', selected: true }]);
    const scene = lodScene(graph.get());
    expect(scene.blocks).toBe(3);
    expect(scene.links).toBe(2);
    // Start and Display Text in their group colours, the selected Text block in the selection colour.
    expect(scene.boxes.get(SELECTED_COLOUR)?.slice(0, 3)).toEqual([0, 200, 220]);
    expect(scene.boxes.get(GROUP_COLOUR.display)?.length).toBe(4);
    const lines = [...scene.lines.values()].flat();
    expect(lines).toHaveLength(8);
    // The Start's out handle is on its right border, the Display's in handle on its left border.
    expect(lines.slice(0, 4).map(Math.round)).toEqual([219, lines[1], 301, lines[3]].map(Math.round));
    // Unchanged graph, same scene: nothing is rebuilt per frame.
    expect(lodScene(graph.get())).toBe(scene);
  });

  it('switches at the zoom threshold and keeps the selection, the links and the history', () => {
    onNodesChange([{ type: 'position', id: 'text', position: { x: 40, y: 200 }, dragging: false }]);
    commit();
    onNodesChange([{ type: 'select', id: 'text', selected: true }]);
    const before = graph.get();
    const history = session.history;
    const { rerender } = render(<Scene zoom={1} />);
    expect(isSimplified()).toBe(false);
    expect(screen.queryByTestId('flow-lod')).toBeNull();

    rerender(<Scene zoom={LOD_ZOOM / 4} />);
    expect(isSimplified()).toBe(true);
    expect(screen.getByTestId('flow-lod')).toBeTruthy();
    // Drawing only: the very same graph, links and history objects.
    expect(graph.get()).toBe(before);
    expect(session.history).toBe(history);
    expect(nodeOf('text')?.selected).toBe(true);

    // The history still works while simplified; an undone move keeps the block selected.
    act(() => {
      expect(undo()).toBe(true);
    });
    expect(nodeOf('text')?.position).toEqual({ x: 0, y: 200 });
    expect(nodeOf('text')?.selected).toBe(true);
    expect(graph.get().edges).toBe(before.edges);

    // A click on a box selects its block (Display Text at 300, 0 is at 30, 0 on screen at zoom 0.1).
    act(() => {
      expect(lodPaneClick({ clientX: 31, clientY: 2 })).toBe(true);
    });
    expect(nodeOf('show')?.selected).toBe(true);
    expect(nodeOf('text')?.selected).toBe(false);

    rerender(<Scene zoom={1} />);
    expect(isSimplified()).toBe(false);
    expect(screen.queryByTestId('flow-lod')).toBeNull();
    expect(nodeOf('show')?.selected).toBe(true);
    act(() => {
      expect(redo()).toBe(true);
    });
    expect(nodeOf('text')?.position).toEqual({ x: 40, y: 200 });
    expect(graph.get().edges.map((e) => e.id)).toEqual(before.edges.map((e) => e.id));
    expect(lodPaneClick({ clientX: 31, clientY: 2 })).toBe(false);
  });
});
