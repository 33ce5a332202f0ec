import type { TSnapshot } from '../../../shared/domain/edit-history';
import type { TCanvasEdge, TCanvasNode, TGraphState } from '../canvas.types';

type TItem = { id: string };

/**
 * An undo or redo as a change, not a rebuild. `from` is the history snapshot the canvas shows (the
 * live graph stripped of UI fields, commit() made sure of that) and `to` the one to restore. History
 * snapshots share every unchanged node and edge object, so the items whose object differs between
 * the two are exactly those the step touched: only they are replaced in the live arrays. Every other
 * live object (with its selection, measured size and handles) is kept as it is, so xyflow re-adopts
 * nothing but the touched items, and an array the step did not touch keeps its identity.
 */
function applyList<T extends TItem>(
  live: T[],
  from: ReadonlyArray<T>,
  to: ReadonlyArray<T>,
  revive: (restored: T, live: T | undefined) => T,
): T[] {
  if (from === to) return live;
  // Most steps keep the order (a move, a rename): item i is then the same block in all three lists,
  // and no id index is built. The maps are made only for the first item that is out of line.
  let fromById: Map<string, T> | undefined;
  let liveById: Map<string, T> | undefined;
  const fromOf = (i: number, id: string) => {
    if (from[i]?.id === id) return from[i];
    fromById ??= new Map(from.map((x) => [x.id, x]));
    return fromById.get(id);
  };
  const liveOf = (i: number, id: string) => {
    if (live[i]?.id === id) return live[i];
    liveById ??= new Map(live.map((x) => [x.id, x]));
    return liveById.get(id);
  };
  let same = to.length === live.length;
  const out = to.map((item, i) => {
    const current = liveOf(i, item.id);
    const kept = current && fromOf(i, item.id) === item ? current : revive(item, current);
    if (kept !== live[i]) same = false;
    return kept;
  });
  return same ? live : out;
}

/** A touched block keeps the UI fields of its live form: still selected, and not measured again. */
function reviveNode(restored: TCanvasNode, live: TCanvasNode | undefined): TCanvasNode {
  if (!live) return restored;
  const out: TCanvasNode = { ...restored };
  if (live.selected) out.selected = true;
  if (live.type === restored.type) {
    if (live.measured) out.measured = live.measured;
    if (live.handles) out.handles = live.handles;
  }
  return out;
}

const reviveEdge = (restored: TCanvasEdge, live: TCanvasEdge | undefined): TCanvasEdge =>
  live?.selected ? { ...restored, selected: true } : restored;

export function applyStep(
  live: TGraphState,
  from: TSnapshot<TCanvasNode, TCanvasEdge>,
  to: TSnapshot<TCanvasNode, TCanvasEdge>,
): TGraphState {
  return {
    nodes: applyList(live.nodes, from.nodes, to.nodes, reviveNode),
    edges: applyList(live.edges, from.edges, to.edges, reviveEdge),
  };
}
