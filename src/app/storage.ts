import { proxy, subscribe } from 'valtio';
import { auth } from '../features/auth';
import { flowExport } from '../ui/download';
import { showPopup } from '../ui/surfaces';
import { i18n } from './i18n';

/**
 * Storage of this device: ask once to keep it (so the browser does not evict waiting changes), and
 * watch how full it is. Nearly full or full is said plainly, with a way out (export the flows).
 */
export const storage = proxy({ nearlyFull: false, full: false });

const PERSIST_ASKED_KEY = 'storagePersistAsked';
const NEARLY_FULL = 0.9;
const CHECK_EVERY_MS = 10_000;
let lastCheck = 0;

export async function checkStorage(force = false): Promise<void> {
  const now = Date.now();
  if (!force && now - lastCheck < CHECK_EVERY_MS) return;
  lastCheck = now;
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota || estimate.usage === undefined) return;
  storage.nearlyFull = estimate.usage / estimate.quota > NEARLY_FULL;
}

/**
 * A write the service worker could not keep: a popup now, the banner until the page reloads. In the
 * flow editor the way out is its Export button (it works offline, the flow is open); elsewhere the
 * export of each flow in the collections.
 */
export function reportStorageFull(): void {
  const first = !storage.full;
  storage.full = true;
  if (!first) return;
  showPopup({
    title: i18n.t('common:pwa.storageFullTitle'),
    message: i18n.t('common:pwa.storageFailed'),
    lines: [i18n.t(flowExport.offered ? 'common:pwa.storageWayOutEditor' : 'common:pwa.storageWayOut')],
  });
}

async function askPersistOnce(): Promise<void> {
  try {
    if (localStorage.getItem(PERSIST_ASKED_KEY) || !navigator.storage?.persist) return;
    localStorage.setItem(PERSIST_ASKED_KEY, '1');
    await navigator.storage.persist();
  } catch {
    // Not offered here (private mode, old browser): the caches still work, only less durably.
  }
}

export function watchStorage(): void {
  void checkStorage(true);
  const afterSignIn = () => {
    if (auth.status === 'signedIn') void askPersistOnce();
  };
  afterSignIn();
  subscribe(auth, afterSignIn);
}
