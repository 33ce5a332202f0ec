import { VIEWER_CACHE_MESSAGE, VIEWER_SCOPE } from '../shared/outbox/protocol';
import { getAccessToken } from './session';

/** Reads made with the learner's token (a joined assignment); public links and shares need none. */
const SIGNED_READ = /^\/api\/player\/assignment\//;

/**
 * The player's service worker (sw/viewer.ts: the app's worker registered with scope /viewer/), so a
 * learner who opened a flow can reload it offline. On a first visit the page loaded its files and
 * the flow before the worker existed: it hands the worker that list to keep.
 */
export function registerViewerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Already controlled (a repeat visit): the worker saw every request of this page itself.
  const firstVisit = !navigator.serviceWorker.controller;
  navigator.serviceWorker
    .register('/editor/sw.js', { scope: VIEWER_SCOPE, type: 'module' })
    .then(() => navigator.serviceWorker.ready)
    .then(async (registration) => {
      if (!firstVisit) return;
      const token = await getAccessToken().catch(() => null);
      const urls = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin)
        .map((u) => [
          u.href,
          SIGNED_READ.test(u.pathname) && token ? { Authorization: `Bearer ${token}` } : {},
        ]);
      registration.active?.postMessage({ type: VIEWER_CACHE_MESSAGE, urls });
    })
    .catch(() => {
      // No worker (private mode, old browser): the player still works online.
    });
}
