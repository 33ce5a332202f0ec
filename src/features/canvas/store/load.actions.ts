import { ApiError } from '../../../shared/api/http';
import type { TFlow } from '../../../shared/contract/flows';
import { createHistory, markSaved, push, type THistory } from '../../../shared/domain/edit-history';
import { connectedHandles } from '../../../shared/domain/link-rules';
import { canvasApi } from '../canvas.api';
import type { TCanvasEdge, TCanvasNode, TGraphState } from '../canvas.types';
import { editor, graph, resetEditor, session, setConflict, setHistory } from './canvas.store';
import { rememberFlowMeta } from './export.actions';
import { followOutbox, unfollowOutbox } from './outbox-link';
import { deleteDraft, readDraft, readHistory, type TDraft } from './persistence';
import { sameDocument } from './same-document';
import { saveNow, scheduleSave, stopSaving, writeHistoryNow } from './save.actions';

type THist = THistory<TCanvasNode, TCanvasEdge>;
const graphOf = (f: { nodes: unknown[]; edges: unknown[] }): TGraphState => ({
  nodes: f.nodes as TCanvasNode[],
  edges: f.edges as TCanvasEdge[],
});

/**
 * The history to start with: the stored one when it belongs to the server's revision (undo survives
 * a reload), else a fresh one. The server's graph is the saved snapshot (the stored history already
 * has it as such) and `shown` (the server's graph or a newer local draft) is the current one.
 */
export function startingHistory(stored: THist | undefined, server: TGraphState, shown: TGraphState): THist {
  if (!stored) {
    const h = createHistory(server);
    return shown === server ? h : push(h, shown);
  }
  if (shown !== server) return push(stored, shown);
  return markSaved(push(stored, server));
}

function show(g: TGraphState, h: THist, name: string): void {
  setHistory(h);
  session.connectedHandles = connectedHandles(g.edges);
  graph.set({ nodes: g.nodes, edges: g.edges });
  editor.name = name;
}

const isNewer = (d: TDraft | undefined, rev: number): d is TDraft =>
  !!d && d.pending > 0 && d.baseRevision === rev;

async function openOffline(flowId: string, err: unknown): Promise<void> {
  const draft = await readDraft(flowId);
  const network = err instanceof ApiError && (err.kind === 'network' || err.kind === 'offline');
  if (!draft || !network) {
    editor.status =
      err instanceof ApiError && (err.status === 404 || err.status === 403) ? 'missing' : 'failed';
    return;
  }
  // No server: the draft from this device is all there is; it saves when the network is back.
  const stored = await readHistory(flowId);
  const g = graphOf(draft);
  const h = stored?.revision === draft.baseRevision ? push(stored.history, g) : createHistory(g);
  session.baseRevision = draft.baseRevision;
  session.savedName = draft.pending > 0 ? '' : draft.name;
  show(g, h, draft.name);
  editor.pending = draft.pending;
  editor.networkFailed = true;
  editor.status = 'ready';
}

/** Loads a flow into a fresh editor, restoring a newer local draft and the stored history. */
export async function openFlow(flowId: string): Promise<void> {
  stopSaving();
  resetEditor(flowId);
  editor.status = 'loading';
  let flow: TFlow;
  try {
    flow = (await canvasApi.get(flowId)).data;
  } catch (err) {
    if (editor.flowId === flowId) await openOffline(flowId, err);
    return;
  }
  const [draft, stored] = await Promise.all([readDraft(flowId), readHistory(flowId)]);
  if (editor.flowId !== flowId) return;
  const server = graphOf(flow);
  editor.projectId = flow.projectId;
  rememberFlowMeta(flow);
  session.baseRevision = flow.revision;
  session.savedName = flow.name;
  const local = isNewer(draft, flow.revision) ? draft : undefined;
  // Unsaved work from this device, but the server moved on since: it shows, and the teacher chooses.
  // Unless the server already has it (the service worker delivered it while the editor was closed).
  let stale = !local && draft && draft.pending > 0 ? draft : undefined;
  if (stale && draft && sameDocument(draft, flow)) {
    stale = undefined;
    void deleteDraft(flowId);
  }
  const mine = local ?? stale;
  const shown = mine ? graphOf(mine) : server;
  const history = stored?.revision === flow.revision ? stored.history : undefined;
  show(shown, startingHistory(history, server, shown), mine?.name ?? flow.name);
  editor.status = 'ready';
  if (mine) editor.pending = mine.pending;
  if (local) {
    editor.restoredDraft = true;
    scheduleSave();
  }
  if (stale) setConflict(flow, true);
  followOutbox(flowId);
  void writeHistoryNow();
}

export function closeFlow(): void {
  if (editor.status === 'ready' && editor.pending > 0) void saveNow();
  stopSaving();
  unfollowOutbox();
}
