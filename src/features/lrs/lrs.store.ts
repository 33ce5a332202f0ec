import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import type { TCreatedLrsCredential, TLrsCredential } from '../../shared/contract/lrs';
import { lrsApi } from './lrs.api';

export type LrsStatus = 'loading' | 'ready' | 'forbidden' | 'error';

/** The space's xAPI credentials; `created` holds the one whose secret is shown once. */
export const lrs = proxy({
  status: 'loading' as LrsStatus,
  endpoint: '',
  credentials: [] as TLrsCredential[],
  created: null as TCreatedLrsCredential | null,
  creating: false,
  createError: '',
  revoking: '',
});

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

export async function loadCredentials(): Promise<void> {
  lrs.status = 'loading';
  try {
    const res = await lrsApi.list();
    lrs.endpoint = res.endpoint;
    lrs.credentials = res.data;
    lrs.status = 'ready';
  } catch (e) {
    lrs.status = e instanceof ApiError && e.status === 403 ? 'forbidden' : 'error';
  }
}

/** Creates credentials; true when done (the secret is then in `lrs.created`). */
export async function createCredentials(name: string): Promise<boolean> {
  lrs.creating = true;
  lrs.createError = '';
  try {
    const created = await lrsApi.create(name);
    lrs.created = created;
    lrs.endpoint = created.endpoint;
    lrs.credentials = [
      { key: created.key, name: created.name, createdAt: created.createdAt },
      ...lrs.credentials,
    ];
    return true;
  } catch (e) {
    lrs.createError = messageOf(e);
    return false;
  } finally {
    lrs.creating = false;
  }
}

export function forgetSecret(): void {
  lrs.created = null;
}

/** Revokes a key; an error message to show, or '' when done. */
export async function revokeCredentials(key: string): Promise<string> {
  lrs.revoking = key;
  try {
    await lrsApi.revoke(key);
    lrs.credentials = lrs.credentials.filter((c) => c.key !== key);
    return '';
  } catch (e) {
    // Gone already (revoked in another tab): the list should not keep it either.
    if (e instanceof ApiError && e.status === 404)
      lrs.credentials = lrs.credentials.filter((c) => c.key !== key);
    return messageOf(e);
  } finally {
    lrs.revoking = '';
  }
}
