/**
 * The writes the outbox may keep while offline, by route. Later areas add theirs here (e.g.
 * assignment edits): the worker imports this list, so one entry is all a route needs.
 */
export interface TOutboxRoute {
  /** Stored with each entry (a RegExp cannot be stored in IndexedDB). */
  name: string;
  method: string;
  /** Matched against the URL's path. */
  pattern: RegExp;
  /** Writes with the same key are one resource: a later one is merged into a waiting earlier one. */
  key(match: RegExpExecArray): string;
  /** The body field naming the revision the write started from; kept when writes are merged. */
  revisionField?: string;
  /** Reads the new revision from a 2xx answer, so later writes of this device can start from it. */
  revisionOf?(answer: unknown): number | undefined;
  /** The flow a write belongs to (the list of waiting changes links to it). */
  flowId?(match: RegExpExecArray): string;
  /** A GET whose cached answer a 2xx answer of this write replaces (same shape). */
  readUrl?(url: string): string;
}

const ID = '([0-9a-f]{24})';

function dataRevision(answer: unknown): number | undefined {
  const revision = (answer as { data?: { revision?: unknown } } | null)?.data?.revision;
  return typeof revision === 'number' ? revision : undefined;
}

export const OUTBOX_ROUTES: TOutboxRoute[] = [
  {
    name: 'flow-save',
    method: 'PUT',
    pattern: new RegExp(`^/api/flows/${ID}$`),
    key: (m) => `flow:${m[1]}`,
    revisionField: 'revision',
    revisionOf: dataRevision,
    flowId: (m) => m[1],
    // PUT /api/flows/{id} answers { data: flow }, exactly what GET /api/flows/{id} answers.
    readUrl: (url) => url,
  },
  {
    // Assignment edits (name, description, lock, join code…): later ones merge into a waiting one.
    name: 'assignment-edit',
    method: 'PUT',
    pattern: new RegExp(`^/api/assignment/${ID}$`),
    key: (m) => `assignment:${m[1]}`,
    // PUT /api/assignment/{id} answers { data, message }: what GET /api/assignment/{id} answers, and more.
    readUrl: (url) => url,
  },
  {
    name: 'assignment-pause',
    method: 'PUT',
    pattern: new RegExp(`^/api/assignment/${ID}/toggle-pause$`),
    key: (m) => `assignment-pause:${m[1]}`,
    readUrl: (url) => url.replace(/\/toggle-pause$/, ''),
  },
];

export interface TRouteMatch {
  route: TOutboxRoute;
  match: RegExpExecArray;
  key: string;
}

export function matchOutboxRoute(
  method: string,
  pathname: string,
  routes: TOutboxRoute[] = OUTBOX_ROUTES,
): TRouteMatch | null {
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const match = route.pattern.exec(pathname);
    if (match) return { route, match, key: route.key(match) };
  }
  return null;
}

export const outboxRouteNamed = (name: string, routes: TOutboxRoute[] = OUTBOX_ROUTES) =>
  routes.find((r) => r.name === name);
