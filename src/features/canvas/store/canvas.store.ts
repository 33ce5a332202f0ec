import { useSyncExternalStore } from 'react';
import { proxy, ref } from 'valtio';
import type { TFlow } from '../../../shared/contract/flows';
import { createHistory, type THistory } from '../../../shared/domain/edit-history';
import type { TCanvasEdge, TCanvasNode, TGraphState } from '../canvas.types';
import { withLayout } from '../node-layout';

/**
 * The editor's state, for one open flow at a time (the editor is a full page).
 *
 * - `graph` holds the nodes and edges exactly as xyflow wants them (controlled flow). It is a tiny
 *   external store rather than valtio: valtio would wrap thousands of nodes in proxies and snapshot
 *   them on every drag frame, and xyflow already treats them as immutable.
 * - `editor` (valtio) holds the small things the chrome shows: name, save state, undo/redo flags.
 * - `session` holds the edit history and the server revision, which nothing renders directly.
 */

type TListener = () => void;
let graphState: TGraphState = { nodes: [], edges: [] };
const listeners = new Set<TListener>();

/** Every node entering the graph (load, place, paste, undo) gets its known size and handles. */
function laidOut(nodes: TCanvasNode[]): TCanvasNode[] {
  let out: TCanvasNode[] | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const n = withLayout(nodes[i]);
    if (n !== nodes[i]) {
      out ??= nodes.slice();
      out[i] = n;
    }
  }
  return out ?? nodes;
}

export const graph = {
  get: (): TGraphState => graphState,
  set(next: Partial<TGraphState>): void {
    const nodes = next.nodes ? laidOut(next.nodes) : graphState.nodes;
    graphState = { nodes, edges: next.edges ?? graphState.edges };
    for (const l of listeners) l();
  },
  subscribe(l: TListener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useGraph = (): TGraphState => useSyncExternalStore(graph.subscribe, graph.get, graph.get);

/** Re-renders only when the selector's answer changes (compared with Object.is). */
export function useGraphSelector<T>(select: (g: TGraphState) => T): T {
  return useSyncExternalStore(
    graph.subscribe,
    () => select(graphState),
    () => select(graphState),
  );
}

/**
 * What is selected, worked out once per nodes or edges array. The panel reads it through several
 * selectors, and useSyncExternalStore calls each on every change of the graph (every drag frame,
 * every undo): each would otherwise walk all the blocks of a 5,000-block flow again.
 */
const nodeSelection = new WeakMap<TCanvasNode[], { node: TCanvasNode | null; count: number }>();
const linkSelection = new WeakMap<TCanvasEdge[], number>();

function selectionOf(nodes: TCanvasNode[]): { node: TCanvasNode | null; count: number } {
  let s = nodeSelection.get(nodes);
  if (!s) {
    let node: TCanvasNode | null = null;
    let count = 0;
    for (const n of nodes) {
      if (!n.selected) continue;
      count += 1;
      node = count === 1 ? n : null;
    }
    s = { node, count };
    nodeSelection.set(nodes, s);
  }
  return s;
}

/** The single selected node, or null when none or several are selected. */
export const selectedNode = (g: TGraphState): TCanvasNode | null => selectionOf(g.nodes).node;

export const selectedCount = (g: TGraphState): number => selectionOf(g.nodes).count;

/** Selected links: a tapped link alone must still offer Delete (a tablet has no Delete key). */
export function selectedLinkCount(g: TGraphState): number {
  let count = linkSelection.get(g.edges);
  if (count === undefined) {
    count = g.edges.reduce((c, e) => c + (e.selected ? 1 : 0), 0);
    linkSelection.set(g.edges, count);
  }
  return count;
}

export type TLoadStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'failed';
export type TConflict = { current: TFlow; localOnly?: boolean };

function initialEditor() {
  return {
    flowId: '',
    projectId: null as string | null,
    status: 'idle' as TLoadStatus,
    name: '',
    /** Changes made here since the last successful server save. */
    pending: 0,
    saving: false,
    /** The last server call failed for network reasons; the draft is on this device. */
    networkFailed: false,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    /** The server's message when it refused a save (400). */
    refusal: null as string | null,
    /** A 409 (or a local draft based on an older revision); the TFlow is kept out of valtio. */
    conflict: null as TConflict | null,
    /** A local draft newer than the server copy was restored on load. */
    restoredDraft: false,
    canUndo: false,
    canRedo: false,
    /** On while undo or redo applies a snapshot, so the restore is not recorded as an edit. */
    isRestoring: false,
    /** Which drawer is open on a phone. */
    drawer: null as 'palette' | 'panel' | null,
    /** Box selection by dragging (for touch screens without a Shift key). */
    boxSelect: false,
  };
}

export const editor = proxy(initialEditor());

// The linked handles after an undo or redo are worked out when first read (edit-history's restore).
let handlesOf: (() => Set<string>) | null = null;
let handles = new Set<string>();

export const session = {
  history: createHistory<TCanvasNode, TCanvasEdge>({ nodes: [], edges: [] }),
  /** The server revision the next save starts from. */
  baseRevision: 0,
  /** The name as last saved, to tell a rename from no change. */
  savedName: '',
  /** `${node}:${handle}` of every link, rebuilt by undo and redo (spec 01 §4). */
  get connectedHandles(): Set<string> {
    if (handlesOf) {
      handles = handlesOf();
      handlesOf = null;
    }
    return handles;
  },
  set connectedHandles(next: Set<string>) {
    handlesOf = null;
    handles = next;
  },
};

/** Sets the linked handles from a source read only when they are needed. */
export function setConnectedHandlesLater(source: () => Set<string>): void {
  handlesOf = source;
}

export function setHistory(h: THistory<TCanvasNode, TCanvasEdge>): void {
  session.history = h;
  editor.canUndo = h.index > 0;
  editor.canRedo = h.index < h.snapshots.length - 1;
}

export function setConflict(current: TFlow | null, localOnly = false): void {
  editor.conflict = current ? { current: ref(current), localOnly } : null;
}

/** A fresh editor for another flow: nothing of the previous one may leak into it. */
export function resetEditor(flowId = ''): void {
  Object.assign(editor, initialEditor(), { flowId });
  session.baseRevision = 0;
  session.savedName = '';
  session.connectedHandles = new Set();
  setHistory(createHistory({ nodes: [], edges: [] }));
  graph.set({ nodes: [], edges: [] });
}
