import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import {
  assignmentStatus,
  type TAssignmentDetail,
  type TUpdateAssignmentRequest,
} from '../../shared/contract/assignments';
import { assignmentsApi } from './assignments.api';

/** The open assignment (detail page, invite panel, settings). */
export const assignmentDetail = proxy({
  id: '',
  data: null as TAssignmentDetail | null,
  loading: false,
  /** notFound: unknown here or not ours (404/403); failed: any other failure. */
  error: null as 'notFound' | 'failed' | null,
});

let seq = 0;

export async function loadAssignment(id: string): Promise<void> {
  const mine = ++seq;
  if (assignmentDetail.id !== id) Object.assign(assignmentDetail, { id, data: null });
  assignmentDetail.loading = true;
  assignmentDetail.error = null;
  try {
    const { data } = await assignmentsApi.get(id);
    if (mine === seq) assignmentDetail.data = data;
  } catch (err) {
    if (mine !== seq) return;
    const missing = err instanceof ApiError && (err.status === 404 || err.status === 403);
    // A copy already on screen stays; only a page with nothing to show says it failed.
    if (missing) assignmentDetail.error = 'notFound';
    else if (!assignmentDetail.data) assignmentDetail.error = 'failed';
  } finally {
    if (mine === seq) assignmentDetail.loading = false;
  }
}

/** 'done': the server has it; 'queued': kept on this device (offline) and shown already; 'failed'. */
export type EditOutcome = 'done' | 'queued' | 'failed';

function applyLocally(patch: Partial<TAssignmentDetail>): void {
  const current = assignmentDetail.data;
  if (!current) return;
  Object.assign(current, patch);
  current.status = assignmentStatus(current);
}

/**
 * Sends an edit. Offline, the service worker keeps it in the outbox (it replays in order when the
 * network is back), so the change is shown at once and marked as waiting by the offline banner.
 */
export async function editAssignment(body: TUpdateAssignmentRequest): Promise<EditOutcome> {
  const id = assignmentDetail.id;
  try {
    const { data } = await assignmentsApi.update(id, body);
    if (assignmentDetail.id === id) assignmentDetail.data = data;
    return 'done';
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'queued') {
      applyLocally(body as Partial<TAssignmentDetail>);
      return 'queued';
    }
    return 'failed';
  }
}

export async function togglePause(isPaused: boolean): Promise<EditOutcome> {
  const id = assignmentDetail.id;
  try {
    const { data } = await assignmentsApi.togglePause(id, isPaused);
    if (assignmentDetail.id === id) assignmentDetail.data = data;
    return 'done';
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'queued') {
      applyLocally({ isPaused });
      return 'queued';
    }
    return 'failed';
  }
}
