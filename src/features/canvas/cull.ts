import type { TCanvasEdge, TCanvasNode, TGraphState } from './canvas.types';
import { NODE_WIDTH } from './node-layout';

/**
 * What xyflow is given of a large flow: the blocks and links around the view, not all of them.
 *
 * xyflow works over every node it holds on every store update: on each change of the nodes array it
 * re-adopts the whole list, and on every update (each pan frame, each drag frame, each undo) its
 * visible-elements selectors test every node and every link against the view. While auto-panning
 * that is two or three updates a frame, and an undo at 5,000 blocks pays it all for one moved block.
 * Handed only what lies near the view, all of that work scales with the view instead of the flow.
 *
 * The region is the view grown by at least half its size on each side, on a grid of power-of-two
 * cells, so it changes only every half view of panning or on a zoom step, not every frame. What is
 * drawn does not change: a link in view is kept with both its ends wherever they are (xyflow draws a
 * link only when it has both), and a selected block or link is always kept, so xyflow's own
 * selection changes (a click elsewhere unselects it) and a drag that carries it far away still reach
 * it. The full graph stays the editor's: history, save, fit view and the overview read that one.
 */

export type TRegion = { x: number; y: number; width: number; height: number };
type TView = { transform: readonly [number, number, number]; width: number; height: number };

/**
 * The region key for a view: equal for views that share a region, so a selector on xyflow's store
 * that returns it re-renders the canvas only when the region moves.
 */
export function regionKey({ transform: [tx, ty, zoom], width, height }: TView): string {
  if (!width || !height || !zoom) return '';
  const side = Math.max(width, height) / zoom;
  // A cell of at least half the view: the view spans at most three cells on each axis.
  const cell = 2 ** Math.ceil(Math.log2(side / 2));
  return `${Math.floor(-tx / zoom / cell)},${Math.floor(-ty / zoom / cell)},${cell}`;
}

/** The region a key stands for: one cell of margin before the view's first cell, and after its last. */
export function regionOf(key: string): TRegion | null {
  if (!key) return null;
  const [ix, iy, cell] = key.split(',').map(Number);
  return { x: (ix - 1) * cell, y: (iy - 1) * cell, width: 5 * cell, height: 5 * cell };
}

type TBox = { x1: number; y1: number; x2: number; y2: number };

function boxOf(n: TCanvasNode): TBox {
  const w = n.measured?.width ?? n.width ?? n.initialWidth ?? NODE_WIDTH;
  const h = n.measured?.height ?? n.height ?? n.initialHeight ?? 100;
  return { x1: n.position.x, y1: n.position.y, x2: n.position.x + w, y2: n.position.y + h };
}

const overlaps = (a: TBox, r: TBox) => a.x1 <= r.x2 && a.x2 >= r.x1 && a.y1 <= r.y2 && a.y2 >= r.y1;

/**
 * The id → position index of a nodes array, reused while the ids stay in the same order: a drag
 * frame or an undo replaces node objects but keeps the ids, and comparing ids is far cheaper than
 * building a Map of thousands of entries again.
 */
let indexed: { ids: string[]; index: Map<string, number> } = { ids: [], index: new Map() };

function indexOf(nodes: TCanvasNode[]): Map<string, number> {
  const { ids } = indexed;
  let same = ids.length === nodes.length;
  for (let i = 0; same && i < nodes.length; i++) same = ids[i] === nodes[i].id;
  if (!same) {
    const next = nodes.map((n) => n.id);
    indexed = { ids: next, index: new Map(next.map((id, i) => [id, i])) };
  }
  return indexed.index;
}

/** `next` if it differs from `prev` item by item, else `prev`: xyflow skips an array it already has. */
function keepIfSame<T>(prev: T[], next: T[]): T[] {
  if (prev.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (prev[i] !== next[i]) return next;
  return prev;
}

/**
 * The blocks and links of `g` that xyflow needs for a view inside `region`, in the graph's order.
 * `prev` is the last answer: arrays with the same items come back as the same arrays.
 */
export function cullGraph(g: TGraphState, region: TRegion, prev?: TGraphState): TGraphState {
  const r: TBox = { x1: region.x, y1: region.y, x2: region.x + region.width, y2: region.y + region.height };
  // near: in the region (or selected, dragged); keep: near or the far end of a link that is kept.
  const near = new Uint8Array(g.nodes.length);
  const boxes: (TBox | undefined)[] = new Array(g.nodes.length);
  const box = (i: number) => {
    boxes[i] ??= boxOf(g.nodes[i]);
    return boxes[i];
  };
  for (let i = 0; i < g.nodes.length; i++) {
    const n = g.nodes[i];
    if (n.selected || n.dragging || overlaps(box(i), r)) near[i] = 1;
  }
  const keep = near.slice();
  const index = indexOf(g.nodes);
  const edges: TCanvasEdge[] = [];
  for (const e of g.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined) continue;
    let wanted = e.selected || near[s] === 1 || near[t] === 1;
    if (!wanted) {
      // A long link may cross the region with both its ends outside it.
      const a = box(s);
      const b = box(t);
      const span = {
        x1: Math.min(a.x1, b.x1),
        y1: Math.min(a.y1, b.y1),
        x2: Math.max(a.x2, b.x2),
        y2: Math.max(a.y2, b.y2),
      };
      wanted = overlaps(span, r);
    }
    if (!wanted) continue;
    edges.push(e);
    keep[s] = 1;
    keep[t] = 1;
  }
  const nodes = g.nodes.filter((_, i) => keep[i] === 1);
  return prev
    ? { nodes: keepIfSame(prev.nodes, nodes), edges: keepIfSame(prev.edges, edges) }
    : { nodes, edges };
}
