import { getNodesBounds, type ReactFlowInstance } from '@xyflow/react';
import type { TCanvasEdge, TCanvasNode } from '../canvas.types';
import { graph } from '../store/canvas.store';
import { canvasRect } from '../viewport';

const FIT = { padding: 0.15, maxZoom: 1.2 };
/** Below this zoom blocks cannot be read, so a larger flow opens at its Start instead of fitted. */
const READABLE_ZOOM = 0.3;
const START_ZOOM = 0.8;

/**
 * The view a flow opens with (called once the viewport exists: xyflow's own `fitView` prop runs
 * before that when every block's size is known in advance, and then does nothing). A flow that fits
 * readably is fitted; a larger one opens at its Start block, where reading a flow begins. An empty
 * flow stays at 100 %, so the first block placed is not blown up.
 */
export function openingView(rf: ReactFlowInstance<TCanvasNode, TCanvasEdge>): void {
  const { nodes } = graph.get();
  const rect = canvasRect();
  if (!nodes.length || !rect) return;
  const bounds = getNodesBounds(nodes);
  const fits =
    Math.min(rect.width / bounds.width, rect.height / bounds.height) / (1 + FIT.padding) >= READABLE_ZOOM;
  if (fits) {
    void rf.fitView(FIT);
    return;
  }
  const start = nodes.find((n) => n.type === 'beginNode') ?? nodes[0];
  void rf.setViewport({
    x: 40 - start.position.x * START_ZOOM,
    y: 40 - start.position.y * START_ZOOM,
    zoom: START_ZOOM,
  });
}
