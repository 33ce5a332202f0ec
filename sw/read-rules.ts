import { SAVED_AT_HEADER } from '../src/shared/outbox/protocol';

/** API reads a user has made, answered from the cache when the network fails (spec: offline). */
export const API_READS = [
  /^\/api\/projects(\/|$)/,
  /^\/api\/flows\/(?!.*\/export$)/,
  /^\/api\/users\/organizations$/,
  // Assignments seen once open offline, their reports included (a code check must ask the server).
  /^\/api\/assignment(?!\/check-code\/)(\/|$)/,
  // A journal opened from a report (issue 15 item 5).
  /^\/api\/journal\/[^/]+$/,
  /^\/api\/users\/user-default-language$/,
  /^\/api\/auth\/config$/,
  // Who is signed in: lets the app start offline (features/auth initAuth).
  /^\/api\/auth\/me$/,
];

export const isApiRead = (pathname: string) => API_READS.some((p) => p.test(pathname));

/** The answer as it is kept in the cache: stamped with the time it was saved. */
export function stampSavedAt(response: Response, now = new Date()): Response {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, now.toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** When a cached answer was saved: our stamp, else the server's Date header, else unknown. */
export function savedAtOf(headers: Headers): string | null {
  const stamp = headers.get(SAVED_AT_HEADER);
  if (stamp) return stamp;
  const date = headers.get('Date');
  const time = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Lists read a page at a time: a copy kept with another page size still answers offline. */
const PAGED_LISTS = [/^\/api\/assignment$/];
const PAGE_SIZE_PARAM = 'limit';

/**
 * The cache key of a saved copy of the same list with the same filters and space but another page
 * size (See More asks for more rows), the longest first; undefined when none. Without it a list seen
 * with 40 rows could not open offline with 20 (issue 34 #11).
 */
export function samePagedList(cachedKeys: readonly string[], wanted: string): string | undefined {
  const want = new URL(wanted);
  if (!PAGED_LISTS.some((p) => p.test(want.pathname))) return undefined;
  const filters = (u: URL) => {
    const params = new URLSearchParams(u.search);
    params.delete(PAGE_SIZE_PARAM);
    params.sort();
    return `${u.origin}${u.pathname}?${params}`;
  };
  const target = filters(want);
  let best: { key: string; size: number } | undefined;
  for (const key of cachedKeys) {
    const u = new URL(key);
    if (filters(u) !== target) continue;
    const size = Number(u.searchParams.get(PAGE_SIZE_PARAM)) || 0;
    if (!best || size > best.size) best = { key, size };
  }
  return best?.key;
}
