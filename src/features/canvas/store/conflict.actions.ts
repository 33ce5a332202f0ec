import { currentSnapshot } from '../../../shared/domain/edit-history';
import { canvasApi } from '../canvas.api';
import type { TCanvasEdge, TCanvasNode } from '../canvas.types';
import { editor, session, setConflict, setHistory } from './canvas.store';
import { settleOutboxRefusal } from './outbox-link';
import { deleteDraft, deleteHistory } from './persistence';
import { saveNow } from './save.actions';
import { showServerFlow } from './server-flow.actions';

/**
 * The three answers to a conflict (spec 01 §6: the flow was saved elsewhere since this editor's
 * revision). None of them loses work silently: "load the server version" keeps mine one undo away.
 */

function conflictFlow() {
  const c = editor.conflict;
  if (!c) throw new Error('No conflict to resolve');
  return c.current;
}

/** Discards mine: the server's flow becomes current and saved; undo still brings mine back. */
export async function loadServerVersion(): Promise<void> {
  const current = conflictFlow();
  setConflict(null);
  settleOutboxRefusal();
  await showServerFlow(current);
}

/** Saves mine over theirs, starting from the revision the server has now. */
export async function overwriteServer(): Promise<void> {
  const current = conflictFlow();
  session.baseRevision = current.revision;
  // Mine differs from what the server has, whatever my last save was: make sure it is sent.
  setHistory({ ...session.history, savedIndex: -1 });
  editor.pending = Math.max(1, editor.pending);
  setConflict(null);
  settleOutboxRefusal();
  await saveNow();
}

/**
 * Saves mine as a new flow in the same project and returns it; this flow is left as the server has
 * it (its local draft and history go, since mine now lives in the copy).
 */
export async function saveMineAsCopy(name: string): Promise<{ id: string; projectId: string | null }> {
  const current = conflictFlow();
  const mine = currentSnapshot(session.history);
  const res = await canvasApi.create({
    name,
    projectId: current.projectId,
    nodes: mine.nodes as TCanvasNode[],
    edges: mine.edges as TCanvasEdge[],
  });
  const flowId = editor.flowId;
  editor.pending = 0;
  setConflict(null);
  settleOutboxRefusal();
  await Promise.all([deleteDraft(flowId), deleteHistory(flowId)]);
  return { id: res.data._id, projectId: res.data.projectId };
}
