import type { TOutboxFailure, TOutboxSummary } from './protocol';

/**
 * The outbox's rules as pure functions over a list of entries: order, merging of writes to the same
 * resource, what a replay answer means. The worker keeps the list in IndexedDB and calls these.
 */
export interface TOutboxItem extends TOutboxSummary {
  /** Position in the queue: replay goes by it, a merged write keeps the earlier one's. */
  seq: number;
  /** Request headers without Authorization (a fresh token is fetched at replay). */
  headers: Record<string, string>;
  body: string | null;
}

export type TNewItem = Omit<TOutboxItem, 'seq'>;

export const ordered = (items: readonly TOutboxItem[]): TOutboxItem[] =>
  [...items].sort((a, b) => a.seq - b.seq || a.createdAt - b.createdAt);

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function readRevision(body: string | null, field: string | undefined): number | undefined {
  const value = field ? parseObject(body)?.[field] : undefined;
  return typeof value === 'number' ? value : undefined;
}

export function withRevision(body: string | null, field: string, revision: number): string | null {
  const obj = parseObject(body);
  return obj ? JSON.stringify({ ...obj, [field]: revision }) : body;
}

/**
 * A later write merged into an earlier one: its fields win (a save without `nodes` leaves the earlier
 * `nodes` in place, as the server would), but the revision stays the earlier one, the revision the
 * device started from, so the server still sees a conflict with a change made elsewhere.
 */
export function mergeBodies(
  earlier: string | null,
  later: string | null,
  revisionField?: string,
): string | null {
  const a = parseObject(earlier);
  const b = parseObject(later);
  if (!a || !b) return later;
  const merged = { ...a, ...b };
  if (revisionField && revisionField in a) merged[revisionField] = a[revisionField];
  return JSON.stringify(merged);
}

export interface TEnqueued {
  items: TOutboxItem[];
  item: TOutboxItem;
  merged: boolean;
}

/**
 * Adds a write at the end, or merges it into the last waiting write of the same resource. Never into
 * one that is being sent (its body is on the wire) or that failed (it waits for the user's decision,
 * and a new write may carry the user's answer).
 */
export function enqueue(
  items: readonly TOutboxItem[],
  incoming: TNewItem,
  inFlight: ReadonlySet<string> = new Set(),
  revisionField?: string,
): TEnqueued {
  const list = ordered(items);
  const last = list.filter((i) => i.key === incoming.key).at(-1);
  if (last && !last.failed && !inFlight.has(last.id)) {
    const item: TOutboxItem = {
      ...last,
      headers: incoming.headers,
      body: mergeBodies(last.body, incoming.body, revisionField),
      label: incoming.label ?? last.label,
      updatedAt: incoming.createdAt,
    };
    return { items: list.map((i) => (i.id === last.id ? item : i)), item, merged: true };
  }
  const seq = list.reduce((max, i) => Math.max(max, i.seq), 0) + 1;
  const item: TOutboxItem = { ...incoming, seq, updatedAt: incoming.createdAt };
  return { items: [...list, item], item, merged: false };
}

/** The next entry a replay sends: the first in order that has not failed and is not set aside. */
export const nextToSend = (items: readonly TOutboxItem[], skip: ReadonlySet<string> = new Set()) =>
  ordered(items).find((i) => !i.failed && !skip.has(i.id));

/**
 * What a replay does with an answer. `stop`: the network or the server is not there now, try later
 * (nothing is lost); `reauth`: renew the token once and send again; `failed`: the server refused it
 * (409 conflict, 400 validation, 403, 404…): kept, marked, shown to the user, never dropped.
 */
export type TReplayDecision = 'sent' | 'failed' | 'stop' | 'reauth';

export function decide(status: number | null): TReplayDecision {
  if (status === null) return 'stop';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'reauth';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'stop';
  return 'failed';
}

/**
 * Removes a sent entry. Later writes of the same resource that started from the same revision were
 * made on this device after it, so they now start from the revision the server just gave.
 */
export function afterSent(
  items: readonly TOutboxItem[],
  sentId: string,
  revision: number | undefined,
  revisionField?: string,
): TOutboxItem[] {
  const sent = items.find((i) => i.id === sentId);
  const rest = ordered(items).filter((i) => i.id !== sentId);
  if (!sent || revision === undefined || !revisionField || sent.baseRevision === undefined) return rest;
  return rest.map((i) =>
    i.key === sent.key && !i.failed && i.baseRevision === sent.baseRevision
      ? { ...i, baseRevision: revision, body: withRevision(i.body, revisionField, revision) }
      : i,
  );
}

export const markFailed = (items: readonly TOutboxItem[], id: string, failure: TOutboxFailure) =>
  ordered(items).map((i) => (i.id === id ? { ...i, failed: failure } : i));

export const discard = (items: readonly TOutboxItem[], id: string) =>
  ordered(items).filter((i) => i.id !== id);

export function summarize(item: TOutboxItem): TOutboxSummary {
  const { seq: _seq, headers: _headers, body: _body, ...summary } = item;
  return summary;
}

export function counts(items: readonly TOutboxItem[]): { size: number; failed: number } {
  return { size: items.length, failed: items.filter((i) => i.failed).length };
}
