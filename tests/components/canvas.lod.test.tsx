import { act, render, screen } from '@testing-library/react';
import { type EdgeProps, type NodeProps, ReactFlowProvider, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCanvasEdge, TCanvasNode } from '../../src/features/canvas/canvas.types';
import { FlowEdge } from '../../src/features/canvas/components/FlowEdge';
import { FlowNode } from '../../src/features/canvas/components/FlowNode';
import { LodWatch } from '../../src/features/canvas/components/LodWatch';
import { isSimplified, LOD_ZOOM, setZoomLevel } from '../../src/features/canvas/lod';
import { graph, session } from '../../src/features/canvas/store/canvas.store';
import { onNodesChange } from '../../src/features/canvas/store/edit.actions';
import { commit, redo, undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

/** Sets the canvas zoom the way panning and zooming do: in xyflow's store, read by LodWatch. */
function Zoom({ zoom }: { zoom: number }) {
  const store = useStoreApi();
  useEffect(() => store.setState({ transform: [0, 0, zoom] }), [store, zoom]);
  return null;
}

/** The live block and link as xyflow hands them to their components. */
function Scene({ zoom }: { zoom: number }) {
  const { nodes, edges } = graph.get();
  const n = nodes.find((x) => x.id === 'text')!;
  const e = edges[0];
  const nodeProps = { ...n, selected: !!n.selected } as unknown as NodeProps<TCanvasNode>;
  const edgeProps = {
    ...e,
    sourceX: 0,
    sourceY: 0,
    targetX: 100,
    targetY: 50,
    sourcePosition: 'right',
    targetPosition: 'left',
  } as unknown as EdgeProps<TCanvasEdge>;
  return (
    <ReactFlowProvider>
      <Zoom zoom={zoom} />
      <LodWatch />
      <FlowNode {...nodeProps} />
      <svg aria-label="links">
        <FlowEdge {...edgeProps} />
      </svg>
    </ReactFlowProvider>
  );
}

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
  it('zoomed out past reading draws plain boxes and lines, and the full block again zoomed in', () => {
    const { rerender, container } = render(<Scene zoom={1} />);
    expect(screen.getByTestId('flow-node')).toBeTruthy();
    expect(container.querySelectorAll('.react-flow__handle').length).toBeGreaterThan(0);
    expect(container.querySelector('.flow-edge-line')).toBeNull();

    rerender(<Scene zoom={LOD_ZOOM / 2} />);
    expect(isSimplified()).toBe(true);
    const box = screen.getByTestId('flow-node-box');
    // No handles and no text: a box in the group colour, with the block's own height.
    expect(container.querySelectorAll('.react-flow__handle')).toHaveLength(0);
    expect(box.textContent).toBe('');
    expect(box.style.height).not.toBe('');
    expect(screen.queryByTestId('flow-node')).toBeNull();
    const line = container.querySelector('.flow-edge-line')!;
    expect(line.getAttribute('d')).toBe('M0,0L100,50');

    rerender(<Scene zoom={1} />);
    expect(isSimplified()).toBe(false);
    expect(screen.getByTestId('flow-node')).toBeTruthy();
    expect(container.querySelector('.flow-edge-line')).toBeNull();
  });

  it('keeps the selection, the links and the edit history across the switch', () => {
    onNodesChange([{ type: 'position', id: 'text', position: { x: 40, y: 200 }, dragging: false }]);
    commit();
    onNodesChange([{ type: 'select', id: 'text', selected: true }]);
    const before = graph.get();
    const history = session.history;
    const { rerender } = render(<Scene zoom={1} />);

    rerender(<Scene zoom={0.1} />);
    // A selected block draws filled with the selection colour.
    expect(screen.getByTestId('flow-node-box').className).toContain('is-selected');
    // Drawing only: the very same graph, links and history objects.
    expect(graph.get()).toBe(before);
    expect(graph.get().edges).toHaveLength(2);
    expect(session.history).toBe(history);
    expect(session.history.snapshots).toHaveLength(2);

    // The history still works while simplified, and the selection survives an undo of a move.
    act(() => {
      expect(undo()).toBe(true);
    });
    expect(graph.get().nodes.find((n) => n.id === 'text')?.position).toEqual({ x: 0, y: 200 });
    expect(graph.get().nodes.find((n) => n.id === 'text')?.selected).toBe(true);
    expect(graph.get().edges).toHaveLength(2);

    rerender(<Scene zoom={1} />);
    expect(screen.getByTestId('flow-node').className).toContain('is-selected');
    act(() => {
      expect(redo()).toBe(true);
    });
    expect(graph.get().nodes.find((n) => n.id === 'text')?.position).toEqual({ x: 40, y: 200 });
    expect(graph.get().edges.map((e) => e.id)).toEqual(before.edges.map((e) => e.id));
  });
});
