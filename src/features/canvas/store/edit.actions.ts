import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from '@xyflow/react';
import {
  buildEdge,
  createLinkChecker,
  removeNodes,
  type TLinkResult,
} from '../../../shared/domain/link-rules';
import type { TCanvasEdge, TCanvasNode, TNodeData } from '../canvas.types';
import { createNode, selectOnly } from '../graph-utils';
import { editor, graph } from './canvas.store';
import { commit } from './history.actions';
import { linkChecker, linkContext } from './link-checker';
import { afterChange } from './save.actions';

/** xyflow's own changes (drag frames, selection, measurements): applied, never recorded here. */
export function onNodesChange(changes: NodeChange<TCanvasNode>[]): void {
  graph.set({ nodes: applyNodeChanges(changes, graph.get().nodes) });
}

export function onEdgesChange(changes: EdgeChange<TCanvasEdge>[]): void {
  graph.set({ edges: applyEdgeChanges(changes, graph.get().edges) });
}

/** Places a block (palette click or drop) and selects it alone: one step. */
export function placeNode(type: string, position: { x: number; y: number }): TCanvasNode {
  const { nodes, edges } = graph.get();
  // Repeated taps on the same entry would stack blocks exactly; step each one down and right.
  let at = position;
  while (nodes.some((n) => Math.abs(n.position.x - at.x) < 8 && Math.abs(n.position.y - at.y) < 8)) {
    at = { x: at.x + 24, y: at.y + 24 };
  }
  const node = { ...createNode(type, at), selected: true };
  graph.set({ nodes: [...selectOnly(nodes, new Set()), node], edges: selectOnly(edges, new Set()) });
  commit();
  return node;
}

export type TConnectInput = {
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
};

type TAccepted = Extract<TLinkResult, { ok: true }>;
/** The link as the rules accepted it (their handle ids and data type decide its look). */
const edgeFor = (conn: TConnectInput, result: TAccepted, nodes: TCanvasNode[]): TCanvasEdge =>
  buildEdge(
    { ...conn, sourceHandle: result.sourceHandle, targetHandle: result.targetHandle },
    result.type,
    nodes,
  ) as TCanvasEdge;

/** Adds the link if the rules accept it; the result says why not otherwise. */
export function connect(conn: TConnectInput): TLinkResult {
  const g = graph.get();
  const result = linkChecker(g).check(conn);
  if (!result.ok) return result;
  graph.set({ edges: [...g.edges, edgeFor(conn, result, g.nodes)] });
  commit();
  return result;
}

/**
 * Moves one end of an existing link to another handle (its end dragged elsewhere): checked as a new
 * link in a graph without the old one, then it replaces the old one in place. One step.
 */
export function reconnect(old: TCanvasEdge, conn: TConnectInput): TLinkResult {
  const g = graph.get();
  const others = g.edges.filter((e) => e.id !== old.id && !e.data?.broken);
  const result = createLinkChecker({ nodes: g.nodes, edges: others }, linkContext()).check(conn);
  if (!result.ok) return result;
  const edge = edgeFor(conn, result, g.nodes);
  graph.set({ edges: g.edges.map((e) => (e.id === old.id ? edge : e)) });
  commit();
  return result;
}

/** Deletes the selected blocks (and their links, spec 01 §4) and the selected links: one step. */
export function deleteSelection(): boolean {
  const g = graph.get();
  const ids = g.nodes.filter((n) => n.selected).map((n) => n.id);
  const edgeGone = g.edges.some((e) => e.selected);
  if (!ids.length && !edgeGone) return false;
  const edges = edgeGone ? g.edges.filter((e) => !e.selected) : g.edges;
  graph.set(removeNodes({ nodes: g.nodes, edges }, ids));
  commit();
  return true;
}

/** Deletes one link (its own delete button, which a touch screen needs: it has no Delete key). */
export function deleteLink(id: string): void {
  const g = graph.get();
  if (!g.edges.some((e) => e.id === id)) return;
  graph.set({ edges: g.edges.filter((e) => e.id !== id) });
  commit();
}

/** Deletes one block and its links (spec 01 §4), from its own delete button. */
export function deleteNode(id: string): void {
  const g = graph.get();
  if (!g.nodes.some((n) => n.id === id)) return;
  graph.set(removeNodes(g, [id]));
  commit();
}

export function selectAll(): void {
  const g = graph.get();
  graph.set({
    nodes: selectOnly(g.nodes, new Set(g.nodes.map((n) => n.id))),
    edges: selectOnly(g.edges, new Set(g.edges.map((e) => e.id))),
  });
}

/** Selects one block alone (a click on it in the simplified drawing), or nothing for null. */
export function selectOnlyNode(id: string | null): void {
  const g = graph.get();
  graph.set({
    nodes: selectOnly(g.nodes, new Set(id ? [id] : [])),
    edges: selectOnly(g.edges, new Set()),
  });
}

export function clearSelection(): void {
  const g = graph.get();
  graph.set({ nodes: selectOnly(g.nodes, new Set()), edges: selectOnly(g.edges, new Set()) });
  editor.drawer = editor.drawer === 'panel' ? null : editor.drawer;
}

let nudgeTimer: ReturnType<typeof setTimeout> | undefined;
/** Arrow keys move the selected blocks; a burst of presses (a held key) is one step. */
export function nudge(dx: number, dy: number): boolean {
  const g = graph.get();
  if (!g.nodes.some((n) => n.selected)) return false;
  graph.set({
    nodes: g.nodes.map((n) =>
      n.selected ? { ...n, position: { x: n.position.x + dx, y: n.position.y + dy } } : n,
    ),
  });
  clearTimeout(nudgeTimer);
  nudgeTimer = setTimeout(commit, 400);
  return true;
}

let dataTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * Changes a block's data from the panel. Typing updates the block at once; the step is recorded when
 * the field loses focus, after a pause, or at once for switches (`commitNow`).
 */
export function updateNodeData(id: string, patch: Partial<TNodeData>, commitNow = false): void {
  const g = graph.get();
  graph.set({ nodes: g.nodes.map((n) => (n.id === id ? { ...n, data: { ...n.data, ...patch } } : n)) });
  clearTimeout(dataTimer);
  if (commitNow) commit();
  else dataTimer = setTimeout(commit, 800);
}

export function finishEditing(): void {
  clearTimeout(dataTimer);
  clearTimeout(nudgeTimer);
  commit();
}

/** A rename is a change like any other: saved with the graph, counted as waiting while offline. */
export function renameFlow(name: string): boolean {
  const next = name.trim();
  if (!next || next === editor.name) return false;
  editor.name = next;
  afterChange();
  return true;
}
