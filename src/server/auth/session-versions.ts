import type { Db } from '../db/client';
import { bumpSessionVersion, readSessionVersion } from './auth.repo';

/**
 * How long a process trusts its cached session version. A bump in this process is seen at once;
 * another process behind the same database sees it within this time.
 */
export const SESSION_VERSION_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

export type SessionVersions = ReturnType<typeof createSessionVersions>;

/**
 * Per-user session versions (users.session_version): every access token carries the version it was
 * issued under, and sign-out or a password change raises it, so all older tokens stop at once.
 */
export function createSessionVersions(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { version: number; at: number }>();

  function remember(userId: string, version: number): void {
    cache.delete(userId);
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(userId, { version, at: now() });
  }

  return {
    /** The user's current version; null when the user no longer exists. */
    async current(userId: string): Promise<number | null> {
      const hit = cache.get(userId);
      if (hit && now() - hit.at < SESSION_VERSION_CACHE_MS) return hit.version;
      const version = await readSessionVersion(db, userId);
      if (version === null) {
        cache.delete(userId);
        return null;
      }
      remember(userId, version);
      return version;
    },

    /** Ends every access token of the user issued so far. */
    async bump(userId: string): Promise<void> {
      const version = await bumpSessionVersion(db, userId);
      if (version === null) cache.delete(userId);
      else remember(userId, version);
    },
  };
}
