/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types';
import { broadcast, isAbort } from './messages';

/**
 * What the worker knows about the network: the result of its last fetch. The browser's online flag
 * says only that a network interface is up; a fetch that fails says the server cannot be reached.
 */
let online = true;
let lastSent = 0;
/** A state already told is told again after this long, for pages that missed it (a new tab). */
const REPEAT_MS = 3000;

export const networkOnline = () => online;

export function reportNetwork(ok: boolean): void {
  const now = Date.now();
  if (ok === online && now - lastSent < REPEAT_MS) return;
  online = ok;
  lastSent = now;
  void broadcast({ type: 'NETWORK', online: ok });
}

export const tellNetwork = () => broadcast({ type: 'NETWORK', online });

/** Reports the outcome of every fetch a Workbox strategy makes. A cancelled request says nothing. */
export const networkStatePlugin: WorkboxPlugin = {
  fetchDidFail: async ({ error, request }) => {
    if (!isAbort(error, request)) reportNetwork(false);
  },
  fetchDidSucceed: async ({ response }) => {
    reportNetwork(true);
    return response;
  },
};
