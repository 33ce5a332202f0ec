/**
 * What the service worker and the app say to each other about the offline layer. Shared so the
 * worker (sw/), the transport (shared/api/http.ts) and the app agree on one spelling.
 */

/** Set by the worker on an answer it served from its cache because the network failed. */
export const CACHE_HEADER = 'X-Flowlearn-Cache';
/** When the worker saved the cached answer it serves (ISO time): screens say how old their copy is. */
export const SAVED_AT_HEADER = 'X-Flowlearn-Saved-At';
/** Set by the worker on the 202 it gives a write it kept in the outbox. */
export const QUEUED_HEADER = 'X-Flowlearn-Queued';
/** Background Sync tag of the outbox replay. */
export const SYNC_TAG = 'flowlearn-outbox';
/** The lock the app's token refresh takes too, so the two never spend one refresh cookie twice. */
export const REFRESH_LOCK = 'flowlearn-refresh';
/** errorCode of the 507 the worker gives a write it could not keep because storage is full. */
export const STORAGE_FULL_CODE = 'STORAGE_FULL';

/** The body of the 202 answer to a queued write. */
export interface TQueuedAnswer {
  queued: true;
  outboxSize: number;
  id: string;
}

/** Why a queued write is stuck: the server's status and answer (409 carries details.current). */
export interface TOutboxFailure {
  status: number;
  body: unknown;
  at: number;
}

/** An outbox entry as the app sees it: everything but the body, which may be megabytes. */
export interface TOutboxSummary {
  id: string;
  route: string;
  key: string;
  method: string;
  url: string;
  orgId: string | null;
  userId: string | null;
  /** The flow the write belongs to, when it is a flow save. */
  flowId?: string;
  /** A human name for the list of waiting changes (the flow's name when the body has one). */
  label?: string;
  baseRevision?: number;
  createdAt: number;
  updatedAt: number;
  failed?: TOutboxFailure;
}

export type TSwMessage =
  | { type: 'OUTBOX'; size: number; failed: number; items: TOutboxSummary[] }
  | { type: 'OUTBOX_CONFLICT'; item: TOutboxSummary; current: unknown }
  /** A queued write reached the server: its new revision lets an open editor carry on from it. */
  | { type: 'OUTBOX_SENT'; item: TOutboxSummary; status: number; revision?: number }
  | { type: 'NETWORK'; online: boolean }
  | { type: 'STORAGE_FULL' };

export type TAppMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'CLEAR_USER_CACHES' }
  | { type: 'REPLAY_OUTBOX' }
  /** Asks for the current network and outbox state (answered with NETWORK, OUTBOX and conflicts). */
  | { type: 'HELLO' }
  | { type: 'OUTBOX_DISCARD'; id: string }
  /** Asks for one entry with its body, answered on the message's port. */
  | { type: 'OUTBOX_GET'; id: string };

const SW_TYPES = new Set(['OUTBOX', 'OUTBOX_CONFLICT', 'OUTBOX_SENT', 'NETWORK', 'STORAGE_FULL']);

export function isSwMessage(data: unknown): data is TSwMessage {
  return !!data && typeof data === 'object' && SW_TYPES.has((data as { type?: unknown }).type as string);
}

/** The learner player's registration of the same worker (sw/viewer.ts). */
export const VIEWER_SCOPE = '/viewer/';
/** The player asks its worker to keep what the page loaded before the worker controlled it. */
export const VIEWER_CACHE_MESSAGE = 'VIEWER_CACHE';
/** Caches of the player's worker: the editor's worker leaves them alone. */
export const VIEWER_CACHE_PREFIX = 'flowlearn-viewer-';
