import type { TFlow } from '../../../shared/contract/flows';
import { currentSnapshot, markSaved, push } from '../../../shared/domain/edit-history';
import { connectedHandles } from '../../../shared/domain/link-rules';
import type { TCanvasEdge, TCanvasNode } from '../canvas.types';
import { editor, graph, session, setHistory } from './canvas.store';
import { rememberFlowMeta } from './export.actions';
import { deleteDraft } from './persistence';
import { writeHistoryNow } from './save.actions';

/**
 * Shows a flow the server answered (after a conflict, or after a .flow file replaced it) as the
 * current, saved state. It is pushed as one more step, so undo still brings the canvas as it was.
 */
export async function showServerFlow(current: TFlow): Promise<void> {
  const server = { nodes: current.nodes as TCanvasNode[], edges: current.edges as TCanvasEdge[] };
  setHistory(markSaved(push(session.history, server)));
  const shown = currentSnapshot(session.history);
  session.baseRevision = current.revision;
  session.savedName = current.name;
  session.connectedHandles = connectedHandles(shown.edges);
  rememberFlowMeta(current);
  editor.name = current.name;
  editor.pending = 0;
  editor.refusal = null;
  editor.networkFailed = false;
  graph.set({ nodes: shown.nodes as TCanvasNode[], edges: shown.edges as TCanvasEdge[] });
  await deleteDraft(editor.flowId);
  await writeHistoryNow();
}
