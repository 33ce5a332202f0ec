import { ApiError } from '../../../shared/api/http';
import { FLOW_IMPORT_MAX_BYTES, type TImportReport } from '../../../shared/contract/flows';
import { canvasApi } from '../canvas.api';
import { editor, session } from './canvas.store';
import { finishEditing } from './edit.actions';
import { isSaving, saveNow } from './save.actions';
import { showServerFlow } from './server-flow.actions';

/** Why the open flow was not replaced, so the screen can say it in the user's language. */
export type ReplaceProblem =
  | { kind: 'extension' }
  | { kind: 'empty' }
  | { kind: 'size'; maxMb: number }
  /** Unsaved changes could not be saved first (offline, refused, in conflict). */
  | { kind: 'unsaved' }
  | { kind: 'server'; message: string }
  /** Offline, cancelled or signed out: the app already said so. */
  | { kind: 'silent' };

export type ReplaceOutcome =
  | { ok: true; report: TImportReport; nodes: number }
  | { ok: false; problem: ReplaceProblem };

/**
 * "Replace from file" in the editor (POST /api/flows/{id}/import, spec 01 §7): the open flow's
 * blocks and links become a .flow file's. Unsaved work is saved first, so the server holds it as a
 * revision of its own and the import's If-Match names the revision this editor shows: a save made
 * elsewhere meanwhile is never overwritten (409). The result is one more step of the edit history,
 * so undo (and its save) brings the previous version back.
 */
export async function replaceFromFile(file: File): Promise<ReplaceOutcome> {
  if (!file.name.toLowerCase().endsWith('.flow')) return { ok: false, problem: { kind: 'extension' } };
  if (file.size === 0) return { ok: false, problem: { kind: 'empty' } };
  if (file.size > FLOW_IMPORT_MAX_BYTES) {
    return { ok: false, problem: { kind: 'size', maxMb: Math.round(FLOW_IMPORT_MAX_BYTES / 1024 / 1024) } };
  }
  finishEditing();
  if (editor.pending > 0 || isSaving()) await saveNow();
  if (editor.status !== 'ready' || editor.conflict || editor.refusal || editor.pending > 0 || isSaving()) {
    return { ok: false, problem: { kind: 'unsaved' } };
  }
  const flowId = editor.flowId;
  try {
    const { data, report } = await canvasApi.importInto(flowId, file, session.baseRevision);
    // The author may have left for another flow while the file uploaded: this one is saved, not shown.
    if (editor.flowId === flowId) await showServerFlow(data);
    return { ok: true, report, nodes: data.nodes.length };
  } catch (err) {
    if (
      err instanceof ApiError &&
      (err.kind === 'offline' || err.kind === 'cancelled' || err.status === 401)
    ) {
      return { ok: false, problem: { kind: 'silent' } };
    }
    return { ok: false, problem: { kind: 'server', message: err instanceof Error ? err.message : '' } };
  }
}
