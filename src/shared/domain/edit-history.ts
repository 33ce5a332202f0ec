import { connectedHandles, type TFlowEdge, type TFlowNode } from './link-rules';

/**
 * The edit history of spec 01 §4 as an immutable value: every operation returns a new history and
 * never changes the one it was given, so the canvas store can keep it in state and IndexedDB
 * (`rf-history`, one record per flow) without copying. Snapshots are treated as read-only.
 *
 * Memory: a push shares structure with the snapshot before it. Each pushed node or edge is compared
 * with the previous snapshot's one of the same id; if it is deep-equal the previous object is kept,
 * and if not, its unchanged parts (data, position…) still are. Moving one node of a 1,000-node flow
 * therefore costs one new node object, not 1,000. Structured clone keeps shared references within
 * one value, so storing the whole history as one IndexedDB record keeps the sharing.
 *
 * The spec's is-restoring flag belongs to the canvas store (it stops the canvas from recording its
 * own restore as an edit); here undo and redo store the restored form, so pushing it back is a no-op.
 */

export type TSnapshot<N extends TFlowNode = TFlowNode, E extends TFlowEdge = TFlowEdge> = {
  readonly nodes: ReadonlyArray<N>;
  readonly edges: ReadonlyArray<E>;
};

export type THistory<N extends TFlowNode = TFlowNode, E extends TFlowEdge = TFlowEdge> = {
  readonly snapshots: ReadonlyArray<TSnapshot<N, E>>;
  readonly index: number;
  /** Index of the snapshot last saved to the server; -1 once that snapshot left the history. */
  readonly savedIndex: number;
};

export type TRestore<N extends TFlowNode, E extends TFlowEdge> = {
  history: THistory<N, E>;
  snapshot: TSnapshot<N, E>;
  connectedHandles: Set<string>;
  /** False at either end of the history, where there is nothing to undo or redo. */
  moved: boolean;
};

/**
 * At most this many snapshots are kept; the oldest go first. With sharing a step costs only what it
 * changed, so 1,000 steps of a large flow stay within a few MB (the benchmark measures it).
 */
export const MAX_SNAPSHOTS = 1000;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** `next` with every part that is deep-equal to the matching part of `prev` replaced by prev's. */
function share<T>(next: T, prev: unknown): T {
  if (Object.is(next, prev)) return next;
  if (Array.isArray(next) && Array.isArray(prev)) {
    let same = next.length === prev.length;
    const out = next.map((v, i) => {
      const s = i < prev.length ? share(v, prev[i]) : v;
      if (s !== prev[i]) same = false;
      return s;
    });
    return (same ? prev : out) as T;
  }
  if (isPlainObject(next) && isPlainObject(prev)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const has = Object.hasOwn(prev, k);
      out[k] = has ? share(next[k], prev[k]) : next[k];
      if (!has || out[k] !== prev[k]) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}

/** Items are matched by id, so inserting or deleting one does not unshare the ones after it. */
function shareList<T extends { id: string }>(
  next: ReadonlyArray<T>,
  prev: ReadonlyArray<T>,
): ReadonlyArray<T> {
  if (next === prev) return prev;
  // Most gestures keep the order, so the same position is tried before building the id index.
  let byId: Map<string, T> | undefined;
  const find = (id: string): T | undefined => {
    byId ??= new Map(prev.map((x) => [x.id, x]));
    return byId.get(id);
  };
  let same = next.length === prev.length;
  const out = next.map((item, i) => {
    const p = prev[i]?.id === item.id ? prev[i] : find(item.id);
    const s = p ? share(item, p) : item;
    if (s !== prev[i]) same = false;
    return s;
  });
  return same ? prev : out;
}

const current = <N extends TFlowNode, E extends TFlowEdge>(h: THistory<N, E>): TSnapshot<N, E> =>
  h.snapshots[h.index];

export function createHistory<N extends TFlowNode, E extends TFlowEdge>(
  initial: TSnapshot<N, E>,
): THistory<N, E> {
  // The first snapshot is the flow as loaded, which is what the server has.
  return { snapshots: [initial], index: 0, savedIndex: 0 };
}

/** Adds a snapshot after the current one, unless it equals the current one; a redo branch is dropped. */
export function push<N extends TFlowNode, E extends TFlowEdge>(
  h: THistory<N, E>,
  snapshot: TSnapshot<N, E>,
): THistory<N, E> {
  const last = current(h);
  const nodes = shareList(snapshot.nodes, last.nodes);
  const edges = shareList(snapshot.edges, last.edges);
  if (nodes === last.nodes && edges === last.edges) return h;
  const snapshots = [...h.snapshots.slice(0, h.index + 1), { nodes, edges }];
  // The saved snapshot may have been in the redo branch just dropped.
  let savedIndex = h.savedIndex > h.index ? -1 : h.savedIndex;
  const overflow = Math.max(0, snapshots.length - MAX_SNAPSHOTS);
  if (overflow > 0) {
    snapshots.splice(0, overflow);
    savedIndex = savedIndex - overflow < 0 ? -1 : savedIndex - overflow;
  }
  return { snapshots, index: snapshots.length - 1, savedIndex };
}

/**
 * On restore, edges with stroke width 8 that are not 'smoothstep' lose their marker end type (spec 01
 * §4). A string marker is the type itself, so it is removed.
 * Returns the same array when nothing changes.
 */
export function restoreEdges<E extends TFlowEdge>(edges: ReadonlyArray<E>): ReadonlyArray<E> {
  let changed = false;
  const out = edges.map((e) => {
    if (Number(e.style?.strokeWidth) !== 8 || e.type === 'smoothstep' || e.markerEnd === undefined) return e;
    if (typeof e.markerEnd === 'string') {
      changed = true;
      const { markerEnd: _dropped, ...rest } = e;
      return rest as E;
    }
    if (isPlainObject(e.markerEnd) && 'type' in e.markerEnd) {
      changed = true;
      const { type: _dropped, ...marker } = e.markerEnd;
      return { ...e, markerEnd: marker };
    }
    return e;
  });
  return changed ? out : edges;
}

function moveTo<N extends TFlowNode, E extends TFlowEdge>(h: THistory<N, E>, to: number): TRestore<N, E> {
  const index = Math.min(Math.max(to, 0), h.snapshots.length - 1);
  const target = h.snapshots[index];
  const edges = restoreEdges(target.edges);
  // The restored form is stored back, so the canvas pushing what it just restored is not a new step.
  const snapshot = edges === target.edges ? target : { nodes: target.nodes, edges };
  const moved = index !== h.index;
  const snapshots =
    snapshot === target ? h.snapshots : h.snapshots.map((s, i) => (i === index ? snapshot : s));
  const history = moved || snapshots !== h.snapshots ? { ...h, snapshots, index } : h;
  // Built on first read: a caller that paints first does not wait for a walk over every link.
  let handles: Set<string> | undefined;
  return {
    history,
    snapshot,
    moved,
    get connectedHandles() {
      handles ??= connectedHandles(snapshot.edges);
      return handles;
    },
  };
}

export const undo = <N extends TFlowNode, E extends TFlowEdge>(h: THistory<N, E>): TRestore<N, E> =>
  moveTo(h, h.index - 1);

export const redo = <N extends TFlowNode, E extends TFlowEdge>(h: THistory<N, E>): TRestore<N, E> =>
  moveTo(h, h.index + 1);

export const canUndo = (h: THistory): boolean => h.index > 0;
export const canRedo = (h: THistory): boolean => h.index < h.snapshots.length - 1;

/** Leaves a single snapshot; by default it is the saved one (reset follows a load from the server). */
export function reset<N extends TFlowNode, E extends TFlowEdge>(
  _h: THistory<N, E>,
  snapshot: TSnapshot<N, E>,
  saved = true,
): THistory<N, E> {
  return { snapshots: [snapshot], index: 0, savedIndex: saved ? 0 : -1 };
}

/** After a save: redo entries beyond the current index go, and the current snapshot is the saved one. */
export function markSaved<N extends TFlowNode, E extends TFlowEdge>(h: THistory<N, E>): THistory<N, E> {
  return { snapshots: h.snapshots.slice(0, h.index + 1), index: h.index, savedIndex: h.index };
}

export const isDirty = (h: THistory): boolean => h.index !== h.savedIndex;

export const currentSnapshot = current;
