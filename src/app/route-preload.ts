import type { ComponentType } from 'react';
import { loadQuickBalance } from './layout/Navbar';
import {
  FULL_ROUTES,
  GUARDED_WORDS,
  HOME_PATH,
  HOME_ROUTES,
  PUBLIC_ROUTES,
  type RouteDef,
} from './route-table';

/**
 * Loads the chunk of the page the app opens on while translations load, so the first render has the
 * page itself. A lazy page would first show its Suspense fallback, and React then holds the reveal
 * back for at least 300 ms (its fallback throttle): a visible delay on every start.
 */
const LOGIN_PATH = '/login';
const loaded = new Map<RouteDef['load'], ComponentType>();

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  return want.length === have.length && want.every((w, i) => (w.startsWith(':') ? !!have[i] : w === have[i]));
}

/**
 * The guarded route an address opens. `/explore` (a link or bookmark without its space) and `/` (the
 * installed app's start URL) redirect to that page inside the active space, so its chunk is the one to
 * load; the space's code is not known yet and does not matter for the match.
 */
function guardedRoute(path: string): RouteDef | undefined {
  const find = (p: string) => [...FULL_ROUTES, ...HOME_ROUTES].find((r) => matches(r.path, p));
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/') return find(`/_${HOME_PATH}`);
  return find(clean) ?? (GUARDED_WORDS.has(clean.split('/')[1] ?? '') ? find(`/_${clean}`) : undefined);
}

/**
 * `signedOut`: no session can exist (no hint cookie), so a guarded page will send the visitor to
 * the sign-in page: that page is the one loaded, not the guarded one they will never see.
 */
export function preloadPage(path: string, signedOut = false): Promise<void> {
  const open = PUBLIC_ROUTES.find((r) => matches(r.path, path));
  const guarded = open ? undefined : guardedRoute(path);
  const def = open ?? (signedOut ? PUBLIC_ROUTES.find((r) => r.path === LOGIN_PATH) : guarded);
  // The home layout's navbar shows the balance from its own chunk: fetched now, while the session
  // and the spaces load, not after them. Not awaited: the first render shows the loading screen anyway.
  if (def?.kind === 'home') void loadQuickBalance().catch(() => undefined);
  const load = def?.load;
  if (!load) return Promise.resolve();
  return load().then(
    (mod) => void loaded.set(load, mod.default),
    // Not fatal: the route loads it again lazily and shows its own error if it must.
    () => undefined,
  );
}

export const preloadedPage = (load: RouteDef['load']) => loaded.get(load);
