/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL, matchPrecache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_HEADER, SAVED_AT_HEADER, VIEWER_CACHE_PREFIX } from '../src/shared/outbox/protocol';
import { guardUser, onUserChange } from './cache-user';
import { networkStatePlugin } from './online';
import { API_READS, samePagedList, savedAtOf, stampSavedAt } from './read-rules';

declare const self: ServiceWorkerGlobalScope;

/**
 * Run-time caches. Our names carry a version; `activate` deletes every flowlearn-* cache that is
 * not one of them, next to Workbox's own cleanup of outdated precaches.
 */
const VERSION = 'v1';
export const API_CACHE = `flowlearn-api-${VERSION}`;
export const CATALOGUE_CACHE = `flowlearn-catalogue-${VERSION}`;
let localeCache = `flowlearn-locales-${VERSION}`;

/** The tool catalogue: worth a short wait for fresh results, then the cached ones. */
const CATALOGUE = [/^\/api\/tag$/, /^\/api\/tool\/search$/];
const CATALOGUE_TIMEOUT_S = 3;

/**
 * The cache key carries the space (orgId header): the same URL answers differently per space. Users
 * are kept apart by clearing on sign-out and when another user's token shows up (cache-user.ts).
 */
export function cacheKeyFor(url: string, orgId: string | null): string {
  const key = new URL(url);
  // Who is signed in does not depend on the space, and the app asks before it knows the space.
  if (!key.pathname.startsWith('/api/auth/')) key.searchParams.set('__space', orgId || 'personal');
  return key.href;
}

const spaceKeyPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => cacheKeyFor(request.url, request.headers.get('orgId')),
  handlerWillStart: async ({ request }) => guardUser(request),
};

/** An answer from the cache: the app reads the header and says the data may be out of date. */
const stalePlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(CACHE_HEADER, 'stale');
    const savedAt = savedAtOf(cachedResponse.headers);
    if (savedAt) headers.set(SAVED_AT_HEADER, savedAt);
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/** A list not saved with this page size answers with its copy of another size (read-rules.ts). */
const pagedListPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => {
    if (cachedResponse) return cachedResponse;
    const cache = await caches.open(cacheName);
    const keys = (await cache.keys()).map((r) => r.url);
    // `request` is the cache key already (spaceKeyPlugin ran first): its URL names the space.
    const key = samePagedList(keys, request.url);
    return key ? ((await cache.match(key)) ?? null) : null;
  },
};

/**
 * Translations are precached with the shell (so the first visit works offline) and kept fresh at run
 * time. The run-time cache is per build, so a new shell never reads the old build's texts; until
 * it has a copy, the precached one answers at once.
 */
const precacheFallbackPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
    cachedResponse ?? (await matchPrecache(request.url)) ?? null,
};

/** Only full answers are kept (Workbox's default rule), stamped with the time they were saved. */
const savedAtPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stampSavedAt(response) : null),
};

const apiExpiration = new ExpirationPlugin({
  maxEntries: 500,
  maxAgeSeconds: 30 * 24 * 3600,
  purgeOnQuotaError: true,
});
const catalogueExpiration = new ExpirationPlugin({
  maxEntries: 60,
  maxAgeSeconds: 7 * 24 * 3600,
  purgeOnQuotaError: true,
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const matches = (patterns: RegExp[]) => (url: URL) =>
  sameOrigin(url) && patterns.some((p) => p.test(url.pathname));

function buildId(manifest: Array<PrecacheEntry | string>): string {
  let hash = 0;
  for (const entry of manifest) {
    if (typeof entry === 'string' || !entry.url.includes('locales/')) continue;
    for (const ch of `${entry.url}${entry.revision ?? ''}`) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(36);
}

/** Routes that must win over the precache route (registered before it). */
export function registerLocaleRoute(manifest: Array<PrecacheEntry | string>): void {
  localeCache = `flowlearn-locales-${buildId(manifest)}`;
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname.startsWith(`${scopePath()}locales/`),
    new StaleWhileRevalidate({
      cacheName: localeCache,
      plugins: [precacheFallbackPlugin, networkStatePlugin],
    }),
  );
}

export const scopePath = () => new URL(self.registration.scope).pathname;

export function registerRuntimeRoutes(): void {
  onUserChange(clearUserCaches);
  // Every navigation inside the app gets the precached shell: the version that matches the assets.
  const shell = createHandlerBoundToURL(`${scopePath()}index.html`);
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      sameOrigin(url) &&
      url.pathname.startsWith(scopePath()) &&
      !/\.[^/]+$/.test(url.pathname),
    shell,
  );
  registerRoute(
    ({ url }) => matches(CATALOGUE)(url),
    new NetworkFirst({
      cacheName: CATALOGUE_CACHE,
      networkTimeoutSeconds: CATALOGUE_TIMEOUT_S,
      plugins: [spaceKeyPlugin, catalogueExpiration, stalePlugin, networkStatePlugin],
    }),
  );
  registerRoute(
    ({ url }) => matches(API_READS)(url),
    new NetworkFirst({
      cacheName: API_CACHE,
      plugins: [
        spaceKeyPlugin,
        savedAtPlugin,
        apiExpiration,
        pagedListPlugin,
        stalePlugin,
        networkStatePlugin,
      ],
    }),
  );
}

/** A write's answer that is also what a read of the same URL answers (a saved flow) refreshes that read. */
export async function rememberRead(url: string, orgId: string | null, answer: Response): Promise<void> {
  if (!matches(API_READS)(new URL(url)) || answer.status !== 200) return;
  const cache = await caches.open(API_CACHE);
  await cache.put(cacheKeyFor(url, orgId), stampSavedAt(answer));
}

/** On sign-out (and when another user signs in): no API answer of one user is left for the next. */
export async function clearUserCaches(): Promise<void> {
  // The plugins only know the caches they used since the worker started: delete by name as well.
  await Promise.all([apiExpiration.deleteCacheAndMetadata(), catalogueExpiration.deleteCacheAndMetadata()]);
  await Promise.all([caches.delete(API_CACHE), caches.delete(CATALOGUE_CACHE)]);
}

/** Deletes our caches of earlier versions (Workbox cleans its own precaches). */
export async function cleanupOwnCaches(): Promise<void> {
  const keep = new Set([API_CACHE, CATALOGUE_CACHE, localeCache]);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((n) => n.startsWith('flowlearn-') && !n.startsWith(VIEWER_CACHE_PREFIX) && !keep.has(n))
      .map((n) => caches.delete(n)),
  );
}
