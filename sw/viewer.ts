/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, createHandlerBoundToURL, type PrecacheEntry, precache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { VIEWER_CACHE_MESSAGE, VIEWER_CACHE_PREFIX, VIEWER_SCOPE } from '../src/shared/outbox/protocol';
import { guardUser, onUserChange } from './cache-user';

declare const self: ServiceWorkerGlobalScope;

/**
 * The learner player's worker (issue 14): the same sw.js registered a second time with scope
 * /viewer/. It keeps what a learner needs to reload an opened flow offline, and no more (a phone
 * need not download the editor): the player page and its texts are precached, the hashed assets the
 * page loads are kept cache-first, and the player's reads (assignment, flow) network-first. Answers
 * already wait in the player's own outbox (src/player/outbox.ts).
 */
const ASSETS_CACHE = `${VIEWER_CACHE_PREFIX}assets-v1`;
const API_CACHE = `${VIEWER_CACHE_PREFIX}api-v1`;
const SHELL = 'src/player/index.html';
const OWN = (url: string) =>
  url === SHELL || url === 'favicon.svg' || /^locales\/[^/]+\/player\.json$/.test(url);
const ASSETS = /^\/editor\/assets\//;
/** GET reads of the player: an assignment, a flow of it, a public link and its flows, a shared flow. */
export const VIEWER_READS =
  /^\/api\/player\/(assignment\/[^/]+(\/flow\/[^/]+)?|public\/[^/]+(\/flow\/[^/]+)?|share\/flow\/[^/]+)$/;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const okOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};
const userGuard: WorkboxPlugin = { handlerWillStart: async ({ request }) => guardUser(request) };
const apiExpiration = new ExpirationPlugin({
  maxEntries: 200,
  maxAgeSeconds: 30 * 24 * 3600,
  purgeOnQuotaError: true,
});
const assetExpiration = new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true });

async function clearViewerReads(): Promise<void> {
  await apiExpiration.deleteCacheAndMetadata();
  await caches.delete(API_CACHE);
}

/** What the page loaded before this worker controlled it (a first visit): fetched again and kept. */
async function keepLoaded(list: Array<[string, Record<string, string>]>): Promise<void> {
  for (const [href, headers] of list) {
    const url = new URL(href, self.location.origin);
    if (!sameOrigin(url)) continue;
    const name = ASSETS.test(url.pathname)
      ? ASSETS_CACHE
      : VIEWER_READS.test(url.pathname)
        ? API_CACHE
        : null;
    if (!name) continue;
    const cache = await caches.open(name);
    if (name === ASSETS_CACHE && (await cache.match(url.href))) continue;
    const request = new Request(url.href, { headers });
    if (name === API_CACHE) await guardUser(request);
    const res = await fetch(request).catch(() => null);
    if (res?.status === 200) await cache.put(url.href, res);
  }
}

export const isViewerScope = () => new URL(self.registration.scope).pathname === VIEWER_SCOPE;

export function startViewerWorker(manifest: Array<PrecacheEntry | string>): void {
  precache(manifest.filter((e) => OWN(typeof e === 'string' ? e : e.url)));
  addRoute();
  onUserChange(clearViewerReads);
  const shell = createHandlerBoundToURL(new URL(SHELL, self.location.href).pathname);
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && sameOrigin(url) && url.pathname.startsWith(VIEWER_SCOPE),
    shell,
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && ASSETS.test(url.pathname),
    new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [okOnly, assetExpiration] }),
  );
  registerRoute(
    ({ url }) => sameOrigin(url) && VIEWER_READS.test(url.pathname),
    // Fresh when the network answers (a paused assignment must stop the learner), the kept copy when
    // school Wi-Fi hangs: after 4 s rather than the browser's own minute-long timeout.
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: 4,
      plugins: [userGuard, okOnly, apiExpiration],
    }),
  );
  // A new build takes over at once: the player keeps no state in the page that a reload would lose.
  self.addEventListener('install', () => void self.skipWaiting());
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; urls?: Array<[string, Record<string, string>]> } | undefined;
    if (data?.type === VIEWER_CACHE_MESSAGE && Array.isArray(data.urls))
      event.waitUntil(keepLoaded(data.urls));
  });
}
