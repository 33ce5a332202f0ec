import type { ComponentType } from 'react';
import { FULL_ROUTES, HOME_ROUTES, PUBLIC_ROUTES, type RouteDef } from './route-table';

/**
 * Loads the chunk of the page the app opens on while translations load, so the first render has the
 * page itself. A lazy page would first show its Suspense fallback, and React then holds the reveal
 * back for at least 300 ms (its fallback throttle): a visible delay on every start.
 */
const loaded = new Map<RouteDef['load'], ComponentType>();

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/\/+$/, '').split('/');
  return want.length === have.length && want.every((w, i) => (w.startsWith(':') ? !!have[i] : w === have[i]));
}

export function preloadPage(path: string): Promise<void> {
  const def = [...PUBLIC_ROUTES, ...FULL_ROUTES, ...HOME_ROUTES].find((r) => matches(r.path, path));
  const load = def?.load;
  if (!load) return Promise.resolve();
  return load().then(
    (mod) => void loaded.set(load, mod.default),
    // Not fatal: the route loads it again lazily and shows its own error if it must.
    () => undefined,
  );
}

export const preloadedPage = (load: RouteDef['load']) => loaded.get(load);
