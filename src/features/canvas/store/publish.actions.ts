import { canvasApi } from '../canvas.api';
import { editor, session } from './canvas.store';
import { saveNow } from './save.actions';

/** Whether the open flow is published now (read from the server: the editor does not keep it). */
export async function readPublished(): Promise<boolean> {
  return (await canvasApi.get(editor.flowId)).data.published;
}

/** True when every change made here is on the server: what a preview or a shared link will show. */
export async function saveForOthers(): Promise<boolean> {
  await saveNow();
  return editor.pending === 0 && !editor.conflict && !editor.refusal;
}

/**
 * Publishes or unpublishes the open flow (only a published flow opens at /viewer/flow/share/{id}).
 * Pending edits are saved first, then the flag is sent at the revision they gave; the editor carries
 * on from the revision the flag gave, so its next save is not a conflict with itself.
 */
export async function setPublished(published: boolean): Promise<boolean> {
  if (!(await saveForOthers())) throw new Error(editor.refusal ?? 'unsaved');
  const res = await canvasApi.save(editor.flowId, { published, revision: session.baseRevision });
  session.baseRevision = res.data.revision;
  return res.data.published;
}
