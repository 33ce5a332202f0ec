import { newId } from '../../../shared/domain/ids';
import { buildEdge, createLinkChecker } from '../../../shared/domain/link-rules';
import type { TCanvasEdge, TCanvasNode, TGraphState } from '../canvas.types';
import { selectOnly, stripEdge, stripNode } from '../graph-utils';
import { editor, graph } from './canvas.store';
import { deleteSelection } from './edit.actions';
import { commit } from './history.actions';
import { linkContext } from './link-checker';

/**
 * Copy, cut, paste and duplicate. The clipboard lives in localStorage so a copy in one flow (or tab)
 * pastes into another. Pasted blocks get new ids; links inside the copied selection come along and
 * are checked again against the target flow, since the slots they need may be taken there.
 */
export const CLIPBOARD_KEY = 'flowlearn.canvas.clipboard';
export const PASTE_OFFSET = 40;

export type TClip = { nodes: TCanvasNode[]; edges: TCanvasEdge[]; fromFlowId: string };

let memoryClip: TClip | null = null;
let pastes = 0;

export function selectionClip(g: TGraphState, fromFlowId: string): TClip | null {
  const nodes = g.nodes.filter((n) => n.selected).map(stripNode);
  if (!nodes.length) return null;
  const ids = new Set(nodes.map((n) => n.id));
  const edges = g.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target) && !e.data?.broken)
    .map(stripEdge);
  return { nodes, edges, fromFlowId };
}

/**
 * The graph with the clip pasted in, selected alone, moved by `offset`. Links the target graph
 * cannot accept are left out and counted in `dropped`.
 */
export function pasteInto(g: TGraphState, clip: TClip, offset: number): TGraphState & { dropped: number } {
  const ids = new Map(clip.nodes.map((n) => [n.id, newId()]));
  const pasted: TCanvasNode[] = clip.nodes.map((n) => ({
    ...n,
    id: ids.get(n.id)!,
    position: { x: n.position.x + offset, y: n.position.y + offset },
    selected: true,
  }));
  const nodes = [...selectOnly(g.nodes, new Set()), ...pasted];
  const checker = createLinkChecker({ nodes, edges: g.edges.filter((e) => !e.data?.broken) }, linkContext());
  const added: TCanvasEdge[] = [];
  let dropped = 0;
  for (const e of clip.edges) {
    const conn = {
      source: ids.get(e.source)!,
      sourceHandle: e.sourceHandle,
      target: ids.get(e.target)!,
      targetHandle: e.targetHandle,
    };
    const r = checker.accept(conn);
    if (!r.ok) {
      dropped++;
      continue;
    }
    added.push(buildEdge(conn, r.type, nodes) as TCanvasEdge);
  }
  return { nodes, edges: [...selectOnly(g.edges, new Set()), ...added], dropped };
}

function storeClip(clip: TClip): void {
  memoryClip = clip;
  pastes = 0;
  try {
    localStorage.setItem(CLIPBOARD_KEY, JSON.stringify(clip));
  } catch {
    // Storage full or blocked: the copy still pastes in this tab.
  }
}

export function readClip(): TClip | null {
  try {
    const raw = localStorage.getItem(CLIPBOARD_KEY);
    if (raw) {
      const clip = JSON.parse(raw) as TClip;
      if (Array.isArray(clip.nodes) && Array.isArray(clip.edges)) return clip;
    }
  } catch {
    // Unreadable: fall back to this tab's copy.
  }
  return memoryClip;
}

export function copySelection(): number {
  const clip = selectionClip(graph.get(), editor.flowId);
  if (clip) storeClip(clip);
  return clip?.nodes.length ?? 0;
}

export function cutSelection(): number {
  const count = copySelection();
  if (count) deleteSelection();
  return count;
}

function applyPaste(clip: TClip, offset: number): { count: number; dropped: number } {
  const next = pasteInto(graph.get(), clip, offset);
  graph.set({ nodes: next.nodes, edges: next.edges });
  commit();
  return { count: clip.nodes.length, dropped: next.dropped };
}

/** Each paste of the same copy lands a little further along, so copies do not hide each other. */
export function paste(): { count: number; dropped: number } {
  const clip = readClip();
  if (!clip?.nodes.length) return { count: 0, dropped: 0 };
  pastes += 1;
  return applyPaste(clip, PASTE_OFFSET * pastes);
}

export function duplicateSelection(): { count: number; dropped: number } {
  const clip = selectionClip(graph.get(), editor.flowId);
  return clip ? applyPaste(clip, PASTE_OFFSET) : { count: 0, dropped: 0 };
}
