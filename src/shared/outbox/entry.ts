import type { TNewItem } from './queue';
import { readRevision } from './queue';
import type { TRouteMatch } from './routes';
import { tokenClaims } from './token';

/** Headers never kept: the token is renewed at replay, and the browser sets the rest itself. */
const DROPPED = new Set(['authorization', 'cookie', 'content-length', 'host']);

export interface TWrite {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  now: number;
}

function labelOf(body: string | null): string | undefined {
  try {
    const name = (JSON.parse(body ?? '') as { name?: unknown })?.name;
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** The outbox entry of a write the network refused to carry. */
export function entryOf(write: TWrite, matched: TRouteMatch): TNewItem {
  const lower = Object.fromEntries(Object.entries(write.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const bearer = /^Bearer\s+(.+)$/i.exec(lower.authorization ?? '')?.[1];
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(write.headers)) if (!DROPPED.has(k.toLowerCase())) headers[k] = v;
  const { route, match, key } = matched;
  return {
    id: write.id,
    route: route.name,
    key,
    method: write.method.toUpperCase(),
    url: write.url,
    headers,
    body: write.body,
    orgId: lower.orgid || null,
    userId: bearer ? (tokenClaims(bearer)?.sub ?? null) : null,
    flowId: route.flowId?.(match),
    label: labelOf(write.body),
    baseRevision: readRevision(write.body, route.revisionField),
    createdAt: write.now,
    updatedAt: write.now,
  };
}
