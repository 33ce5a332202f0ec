/// <reference lib="webworker" />
import { createStore, get, set } from 'idb-keyval';
import { tokenClaims } from '../src/shared/outbox/token';

/**
 * Keeps one user's cached API answers from another: the app asks for a clear on sign-out, and if a
 * different user's token shows up anyway (the sign-out happened while the worker was away), the
 * caches are cleared before that user's first read is answered.
 */
const meta = createStore('flowlearn-sw', 'meta');
const LAST_USER = 'lastUser';
let lastUser: string | null | undefined;
let chain: Promise<void> = Promise.resolve();
let clear: () => Promise<void> = async () => {};

/** Set by caches.ts (a setter avoids an import cycle). */
export function onUserChange(clearCaches: () => Promise<void>): void {
  clear = clearCaches;
}

export function guardUser(request: Request): Promise<void> {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = bearer ? tokenClaims(bearer)?.sub : undefined;
  if (!user) return Promise.resolve();
  chain = chain
    .then(async () => {
      lastUser ??= (await get<string>(LAST_USER, meta).catch(() => undefined)) ?? null;
      if (lastUser === user) return;
      if (lastUser !== null) await clear();
      lastUser = user;
      await set(LAST_USER, user, meta).catch(() => undefined);
    })
    .catch(() => undefined);
  return chain;
}
