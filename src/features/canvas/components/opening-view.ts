import { getNodesBounds } from '@xyflow/react';
import type { TCanvasNode } from '../canvas.types';
import { setZoomLevel } from '../lod';
import { graph } from '../store/canvas.store';
import { canvasRect, markOpened } from '../viewport';

/** Space kept around the flow, in screen pixels. */
const MARGIN = 40;
const MAX_ZOOM = 1.2;
/** Up to this many blocks a flow is small: it opens at a zoom of at least 1, readable. */
export const SMALL_FLOW = 12;
/** The canvas's smallest zoom: a 5,000-block flow must fit whole on a phone. */
export const MIN_ZOOM = 0.005;
/**
 * The least zoom "Fit view" gives a small flow: its 12 px texts stay 9 px on screen.
 * Fitted further out a 9-block line drew as text-less boxes, which fits but shows nothing.
 */
export const READABLE_ZOOM = 0.75;

export type TView = { x: number; y: number; zoom: number };

/**
 * The view a flow opens with. A flow opens fitted: a large one whole in view, however far out that
 * is (blocks then draw in their simplified form, lod.ts); a small one at a zoom of at least 1 so its
 * handle labels can be read, centred on each axis it fits on and from its top-left on one it does
 * not. An empty flow stays at 100 %, so the first block placed is not blown up.
 */
export function viewFor(
  nodes: TCanvasNode[],
  rect: { width: number; height: number },
  smallFloor = 1,
): TView | null {
  if (!nodes.length || rect.width <= 0 || rect.height <= 0) return null;
  const b = getNodesBounds(nodes);
  const fit = Math.min(
    (rect.width - 2 * MARGIN) / Math.max(b.width, 1),
    (rect.height - 2 * MARGIN) / Math.max(b.height, 1),
  );
  const small = nodes.length <= SMALL_FLOW;
  const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, small ? Math.max(smallFloor, fit) : fit));
  const axis = (size: number, start: number, length: number) =>
    length * zoom <= size - 2 * MARGIN ? size / 2 - (start + length / 2) * zoom : MARGIN - start * zoom;
  return { x: axis(rect.width, b.x, b.width), y: axis(rect.height, b.y, b.height), zoom };
}

/**
 * The opening view of the flow in the editor, read once before the canvas is first drawn (it becomes
 * xyflow's default viewport, so nothing is drawn at another zoom first). The level of detail is set
 * from it at once: a large flow's first drawing is already the simplified one.
 */
export function openingView(): TView {
  const rect = canvasRect();
  const view = (rect && viewFor(graph.get().nodes, rect)) ?? { x: 0, y: 0, zoom: 1 };
  setZoomLevel(view.zoom);
  markOpened();
  return view;
}

/**
 * The whole flow in view (Shift+1 and the fit button): the same fitting as on open, except that a
 * small flow may go below 100 % — but never below READABLE_ZOOM; one wider than that starts at its
 * left and is panned, as on open.
 */
export function fitWhole(rf: { setViewport: (v: TView, o?: { duration?: number }) => unknown }): void {
  const rect = canvasRect();
  const view = rect && viewFor(graph.get().nodes, rect, READABLE_ZOOM);
  if (view) void rf.setViewport(view, { duration: 200 });
}
