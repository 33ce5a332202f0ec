import { newId } from '../../shared/domain/ids';
import { nodeSpec } from '../../shared/domain/node-catalogue';
import type { TCanvasEdge, TCanvasNode, TGraphState } from './canvas.types';

/** Fields xyflow adds for its own drawing; they are not part of the flow and never reach history. */
const NODE_UI_KEYS = [
  'selected',
  'dragging',
  'measured',
  'resizing',
  'handles',
  'initialWidth',
  'initialHeight',
] as const;

// A live node keeps its identity while nothing changes it, so its stripped form is cached: history
// pushes then compare the same objects and share them without walking their data.
const strippedNodes = new WeakMap<TCanvasNode, TCanvasNode>();

export function stripNode(node: TCanvasNode): TCanvasNode {
  let out = strippedNodes.get(node);
  if (out) return out;
  if (!NODE_UI_KEYS.some((k) => k in node)) return node;
  const {
    selected: _s,
    dragging: _d,
    measured: _m,
    resizing: _r,
    handles: _h,
    initialWidth: _w,
    initialHeight: _ih,
    ...rest
  } = node;
  out = rest as TCanvasNode;
  strippedNodes.set(node, out);
  return out;
}

export function stripEdge(edge: TCanvasEdge): TCanvasEdge {
  if (!('selected' in edge)) return edge;
  const { selected: _s, ...rest } = edge;
  return rest as TCanvasEdge;
}

/**
 * After a history push or restore: each live node's stripped form becomes the history's own object
 * (deep-equal to it: the history shares what did not change). The next push then meets the same
 * objects and compares them by identity, instead of walking every unchanged block again.
 */
export function rememberSnapshot(live: TCanvasNode[], snapshot: ReadonlyArray<TCanvasNode>): void {
  for (let i = 0; i < live.length; i++) {
    const s = snapshot[i];
    if (s && s !== live[i] && s.id === live[i].id && strippedNodes.get(live[i]) !== s) {
      strippedNodes.set(live[i], s);
    }
  }
}

/** The flow as history and the server see it. */
export const snapshotOf = (g: TGraphState): TGraphState => ({
  nodes: g.nodes.map(stripNode),
  edges: g.edges.map(stripEdge),
});

export { NODE_WIDTH } from './node-layout';

/** A new block of a catalogue type whose top-left corner is at `position`. */
export function createNode(type: string, position: { x: number; y: number }): TCanvasNode {
  const spec = nodeSpec(type);
  return { id: newId(), type, position, data: { label: spec?.name ?? type } };
}

/** Sets `selected` on the listed ids and clears it elsewhere, keeping untouched objects as they are. */
export function selectOnly<T extends { id: string; selected?: boolean }>(
  items: T[],
  ids: ReadonlySet<string>,
): T[] {
  return items.map((item) => {
    const want = ids.has(item.id);
    return Boolean(item.selected) === want ? item : { ...item, selected: want };
  });
}

/** `#rrggbb` + opacity → an rgba() colour; undefined when there is no colour. */
export function rgba(hex: string | undefined, opacity: number | undefined): string | undefined {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return hex || undefined;
  const n = Number.parseInt(hex.slice(1), 16);
  const a = opacity === undefined ? 1 : Math.min(1, Math.max(0, opacity));
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}
