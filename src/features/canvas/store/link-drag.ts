import type { Connection, FinalConnectionState, HandleType } from '@xyflow/react';
import { useSyncExternalStore } from 'react';
import { proxy } from 'valtio';
import type { TConnection, TLinkRefusal } from '../../../shared/domain/link-rules';
import { handleSpec, nodeSpec } from '../../../shared/domain/node-catalogue';
import { graph } from './canvas.store';
import { linkChecker } from './link-checker';

/**
 * While a link is dragged, every handle it could reach is computed once, at the start (O(1) per
 * handle with the link checker). Nodes read their own entry by id, so a drag re-renders only the
 * nodes whose reachable handles change, and CSS dims every other handle.
 */
export type TRefusal = { code: TLinkRefusal; reason: string; from?: string; to?: string };

export const linkHint = proxy({
  active: false,
  refusal: null as TRefusal | null,
});

type TDrag = { nodeId: string; handleId: string; fromSource: boolean; reachable: Map<string, Set<string>> };
let drag: TDrag | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useReachableHandles(nodeId: string): ReadonlySet<string> | undefined {
  const get = () => drag?.reachable.get(nodeId);
  return useSyncExternalStore(subscribe, get, get);
}

const connOf = (d: Pick<TDrag, 'nodeId' | 'handleId' | 'fromSource'>, nodeId: string, handleId: string) =>
  d.fromSource
    ? { source: d.nodeId, sourceHandle: d.handleId, target: nodeId, targetHandle: handleId }
    : { source: nodeId, sourceHandle: handleId, target: d.nodeId, targetHandle: d.handleId };

/** Every handle a link started at (nodeId, handleId) may end on. */
export function reachableFrom(
  nodeId: string,
  handleId: string,
  fromSource: boolean,
): Map<string, Set<string>> {
  const g = graph.get();
  const checker = linkChecker(g);
  const want = fromSource ? 'input' : 'output';
  const reachable = new Map<string, Set<string>>();
  for (const n of g.nodes) {
    const spec = nodeSpec(n.type ?? '');
    if (!spec || n.id === nodeId) continue;
    let set: Set<string> | undefined;
    for (const h of spec.handles) {
      if (h.direction !== want) continue;
      if (checker.check(connOf({ nodeId, handleId, fromSource }, n.id, h.handleId)).ok) {
        set ??= new Set();
        set.add(h.handleId);
      }
    }
    if (set) reachable.set(n.id, set);
  }
  return reachable;
}

let refusalTimer: ReturnType<typeof setTimeout> | undefined;

export function startLinkDrag(nodeId: string | null, handleId: string | null, type: HandleType | null): void {
  if (!nodeId || !handleId) return;
  const fromSource = type !== 'target';
  drag = { nodeId, handleId, fromSource, reachable: reachableFrom(nodeId, handleId, fromSource) };
  clearTimeout(refusalTimer);
  linkHint.active = true;
  linkHint.refusal = null;
  notify();
}

/** Why a connection is refused, with the data types for the type-mismatch sentence. */
export function refusalOf(conn: TConnection): TRefusal | null {
  const g = graph.get();
  const r = linkChecker(g).check(conn);
  if (r.ok) return null;
  const typeOf = (id: string, handle: string | null | undefined) => {
    const n = g.nodes.find((x) => x.id === id);
    return n && handle ? handleSpec(n.type ?? '', handle)?.type : undefined;
  };
  return {
    code: r.code,
    reason: r.reason,
    from: typeOf(conn.source, conn.sourceHandle),
    to: typeOf(conn.target, conn.targetHandle),
  };
}

/** xyflow's isValidConnection: a lookup while dragging; the hovered refusal feeds the banner. */
export function isValidLink(conn: Connection | TConnection): boolean {
  if (drag) {
    const other = drag.fromSource ? conn.target : conn.source;
    const handle = drag.fromSource ? conn.targetHandle : conn.sourceHandle;
    if (handle && drag.reachable.get(other)?.has(handle)) {
      if (linkHint.refusal) linkHint.refusal = null;
      return true;
    }
  }
  const refusal = refusalOf(conn);
  if (drag && refusal?.code !== linkHint.refusal?.code) linkHint.refusal = refusal;
  return refusal === null;
}

/** A drop on a handle the link cannot reach leaves its reason on screen for a moment. */
export function endLinkDrag(state?: FinalConnectionState): void {
  const refused = state?.toHandle && state.isValid === false && state.fromHandle ? state : null;
  drag = null;
  linkHint.active = false;
  notify();
  if (!refused?.toHandle || !refused.fromHandle) {
    linkHint.refusal = null;
    return;
  }
  const from = refused.fromHandle;
  const to = refused.toHandle;
  const conn =
    from.type === 'source'
      ? { source: from.nodeId, sourceHandle: from.id, target: to.nodeId, targetHandle: to.id }
      : { source: to.nodeId, sourceHandle: to.id, target: from.nodeId, targetHandle: from.id };
  showRefusal(refusalOf(conn));
}

export function showRefusal(refusal: TRefusal | null): void {
  linkHint.refusal = refusal;
  clearTimeout(refusalTimer);
  if (refusal) {
    refusalTimer = setTimeout(() => {
      if (!linkHint.active) linkHint.refusal = null;
    }, 5000);
  }
}
