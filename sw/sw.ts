/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { addRoute, cleanupOutdatedCaches, precache } from 'workbox-precaching';
import { SYNC_TAG, type TAppMessage } from '../src/shared/outbox/protocol';
import { cleanupOwnCaches, clearUserCaches, registerLocaleRoute, registerRuntimeRoutes } from './caches';
import { tellNetwork } from './online';
import { handleOutboxFetch } from './outbox';
import { discardItem, outboxItem, tellConflicts, tellOutbox } from './outbox-store';
import { replay } from './replay';
import { isViewerScope, startViewerWorker } from './viewer';

declare const self: ServiceWorkerGlobalScope;
type SyncEvent = ExtendableEvent & { tag: string };

/**
 * The offline layer (ARCHITECTURE §6): the precached shell, run-time caches (caches.ts), the outbox
 * of writes made offline (outbox.ts, replay.ts) and the network state told to the app (online.ts).
 */
const manifest = self.__WB_MANIFEST;

// The same script also runs as the learner player's worker, registered with scope /viewer/.
if (isViewerScope()) startViewerWorker(manifest);
else startEditorWorker();

function startEditorWorker(): void {
  // The outbox's writes are answered before any Workbox route sees them.
  self.addEventListener('fetch', (event) => {
    handleOutboxFetch(event);
  });

  precache(manifest);
  // Translations first: they are precached, but served stale-while-revalidate (caches.ts).
  registerLocaleRoute(manifest);
  addRoute();
  registerRuntimeRoutes();
  cleanupOutdatedCaches();
  // A first visit is controlled at once, so the reads it makes are cached for offline. An update is
  // only activated by the user's "Reload" (SKIP_WAITING), and the app reloads when it takes over.
  clientsClaim();

  self.addEventListener('activate', (event) => {
    event.waitUntil(cleanupOwnCaches().then(() => void replay()));
  });

  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== SYNC_TAG) return;
    // Rejecting asks the browser to try again later, with its own back-off.
    sync.waitUntil(
      replay().then((end) => {
        if (end === 'stopped') throw new Error('The outbox could not be sent yet');
      }),
    );
  });

  self.addEventListener('message', (event) => {
    const data = event.data as TAppMessage | undefined;
    switch (data?.type) {
      case 'SKIP_WAITING':
        void self.skipWaiting();
        return;
      case 'CLEAR_USER_CACHES':
        event.waitUntil(clearUserCaches());
        return;
      case 'REPLAY_OUTBOX':
        event.waitUntil(replay());
        return;
      case 'HELLO':
        event.waitUntil(Promise.all([tellNetwork(), tellOutbox(), tellConflicts()]));
        return;
      case 'OUTBOX_DISCARD':
        event.waitUntil(discardItem(data.id));
        return;
      case 'OUTBOX_GET':
        event.waitUntil(outboxItem(data.id).then((item) => event.ports[0]?.postMessage(item ?? null)));
        return;
    }
  });
}
