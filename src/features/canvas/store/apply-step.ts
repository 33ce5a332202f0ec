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
  const fromById = new Map<string, T>();
  for (const x of from) fromById.set(x.id, x);
  const liveById = new Map<string, T>();
  for (const x of live) liveById.set(x.id, x);
  let same = to.length === live.length;
  const out = to.map((item, i) => {
    const current = liveById.get(item.id);
    const kept = current && fromById.get(item.id) === item ? current : revive(item, current);
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
