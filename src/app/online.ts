import { proxy } from 'valtio';
import { connection } from '../ui/connection';
import { onSwMessage, postToSw } from './sw-bridge';

/**
 * One offline state for the whole app (spec 01 §4), from two sources: the browser's online/offline
 * events (is there a network at all?) and the service worker's fetches (does the server answer?).
 */
const browserSays = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export const online = proxy({
  isOnline: browserSays(),
  browserOnline: browserSays(),
  /** The service worker's last fetch reached the server. */
  serverReachable: true,
  /** Something on screen came from the worker's cache (may be out of date); cleared once back online. */
  stale: false,
});

/** Online, a cached answer means a slow network (the catalogue waits 3 s): the notice goes after this. */
const STALE_ONLINE_MS = 60_000;
let staleTimer: ReturnType<typeof setTimeout> | undefined;

/** While the browser has a network but the server did not answer, ask again this often. */
const PROBE_MS = 15_000;

function update(): void {
  const was = online.isOnline;
  online.isOnline = online.browserOnline && online.serverReachable;
  connection.online = online.isOnline;
  if (online.isOnline && !was) online.stale = false;
  // Back online: the outbox goes now, not at the next Background Sync the browser may never send.
  if (online.isOnline && !was) postToSw({ type: 'REPLAY_OUTBOX' });
}

export function markStale(): void {
  online.stale = true;
  clearTimeout(staleTimer);
  staleTimer = setTimeout(() => {
    if (online.isOnline) online.stale = false;
  }, STALE_ONLINE_MS);
}

async function probe(): Promise<void> {
  if (!online.browserOnline || online.serverReachable) return;
  const res = await fetch('/api/health', { cache: 'no-store' }).catch(() => null);
  if (res?.ok) {
    online.serverReachable = true;
    update();
  }
}

export function watchOnline(): void {
  window.addEventListener('online', () => {
    online.browserOnline = true;
    online.serverReachable = true;
    update();
  });
  window.addEventListener('offline', () => {
    online.browserOnline = false;
    update();
  });
  onSwMessage((message) => {
    if (message.type !== 'NETWORK') return;
    online.serverReachable = message.online;
    update();
  });
  setInterval(() => void probe(), PROBE_MS);
}
