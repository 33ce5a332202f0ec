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
