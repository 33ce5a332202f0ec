import { SESSION_VERSION_CACHE_MS } from '../auth/session-versions';
import type { Db } from '../db/client';
import { findMembership, type OrgRole } from './orgs.repo';

/**
 * How long a process trusts a membership it read: every request of an organisation checks the
 * caller's membership, and members are only ever added today. A removal or role change (none yet)
 * must call forgetMembership; another process sees it within this time, like a session version.
 */
export const MEMBERSHIP_CACHE_MS = SESSION_VERSION_CACHE_MS;
const MAX_CACHED = 10_000;

type Cache = Map<string, { role: OrgRole; at: number }>;
/** One cache per database (tests open one database per file). */
const caches = new WeakMap<Db, Cache>();

const cacheOf = (db: Db): Cache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

/** The caller's role in the organisation, or null. Only memberships found are remembered. */
export async function cachedMembership(db: Db, orgId: string, userId: string): Promise<OrgRole | null> {
  const cache = cacheOf(db);
  const key = `${orgId}:${userId}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < MEMBERSHIP_CACHE_MS) return hit.role;
  const role = await findMembership(db, orgId, userId);
  cache.delete(key);
  if (!role) return null;
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { role, at: Date.now() });
  return role;
}

/** Call when a membership ends or its role changes, so this process stops trusting it at once. */
export function forgetMembership(db: Db, orgId: string, userId: string): void {
  caches.get(db)?.delete(`${orgId}:${userId}`);
}
