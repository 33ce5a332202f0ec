import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import { lrsApi } from './lrs.api';

export type RetentionStatus = 'loading' | 'ready' | 'error';

/** How long the space keeps its records: `months` after they were stored, null for ever. */
export const retention = proxy({
  status: 'loading' as RetentionStatus,
  months: null as number | null,
  saving: false,
  saveError: '',
});

export async function loadRetention(): Promise<void> {
  retention.status = 'loading';
  retention.saveError = '';
  try {
    retention.months = (await lrsApi.retention()).months;
    retention.status = 'ready';
  } catch {
    retention.status = 'error';
  }
}

/** Saves the setting; true when the server took it. */
export async function saveRetention(months: number | null): Promise<boolean> {
  retention.saving = true;
  retention.saveError = '';
  try {
    retention.months = (await lrsApi.setRetention(months)).months;
    return true;
  } catch (e) {
    retention.saveError = e instanceof ApiError ? e.message : String(e);
    return false;
  } finally {
    retention.saving = false;
  }
}

/** Whether going from `from` to `to` deletes records that the current setting keeps. */
export function shortens(from: number | null, to: number | null): boolean {
  if (to === null) return false;
  return from === null || to < from;
}
