/// <reference lib="webworker" />
import {
  afterSent,
  decide,
  discard,
  markFailed,
  nextToSend,
  summarize,
  type TOutboxItem,
} from '../src/shared/outbox/queue';
import { outboxRouteNamed } from '../src/shared/outbox/routes';
import { ReplayAuth } from './auth';
import { rememberRead } from './caches';
import { broadcast } from './messages';
import { reportNetwork } from './online';
import { changeOutbox, readOutbox } from './outbox-store';

/**
 * Sends the outbox in order. One replay at a time; a page whose write joined the outbox waits for
 * that entry's answer (`replayFor`), everything else happens in the background.
 */
export type TReplayEnd = 'done' | 'stopped';

/** Entries being sent: a new write of the same resource is queued after them, not merged in. */
export const inFlight = new Set<string>();
const waiters = new Map<string, Array<(answer: Response | null) => void>>();
let chain: Promise<unknown> = Promise.resolve();

function settle(id: string, answer: Response | null): void {
  for (const resolve of waiters.get(id) ?? []) resolve(answer ? answer.clone() : null);
  waiters.delete(id);
}

export function replay(seedToken?: string | null): Promise<TReplayEnd> {
  const run = chain.then(() => drain(seedToken));
  chain = run.catch(() => undefined);
  return run;
}

/** Replays and resolves with the server's answer to entry `id`, or null if it is still waiting. */
export function replayFor(id: string, seedToken: string | null): Promise<Response | null> {
  const answer = new Promise<Response | null>((resolve) => {
    waiters.set(id, [...(waiters.get(id) ?? []), resolve]);
  });
  void replay(seedToken);
  return answer;
}

function send(item: TOutboxItem, token: string): Promise<Response> {
  const headers = new Headers(item.headers);
  headers.set('Authorization', `Bearer ${token}`);
  if (item.orgId) headers.set('orgId', item.orgId);
  return fetch(item.url, {
    method: item.method,
    headers,
    body: item.body,
    credentials: 'same-origin',
    cache: 'no-store',
  });
}

async function onSent(item: TOutboxItem, res: Response): Promise<void> {
  const route = outboxRouteNamed(item.route);
  const answer: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  const revision = route?.revisionOf?.(answer);
  await changeOutbox((items) => ({
    items: afterSent(items, item.id, revision, route?.revisionField),
    result: null,
  }));
  if (route?.readUrl)
    await rememberRead(route.readUrl(item.url), item.orgId, res.clone()).catch(() => undefined);
  settle(item.id, res);
  await broadcast({ type: 'OUTBOX_SENT', item: summarize(item), status: res.status, revision });
}

/** A refused write: a waiting page gets the answer and decides; otherwise it stays, marked, and is shown. */
async function onRefused(item: TOutboxItem, res: Response): Promise<void> {
  if (waiters.has(item.id)) {
    await changeOutbox((items) => ({ items: discard(items, item.id), result: null }));
    settle(item.id, res);
    return;
  }
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  const failure = { status: res.status, body, at: Date.now() };
  await changeOutbox((items) => ({ items: markFailed(items, item.id, failure), result: null }));
  const current = (body as { details?: { current?: unknown } } | null)?.details?.current ?? null;
  await broadcast({ type: 'OUTBOX_CONFLICT', item: summarize({ ...item, failed: failure }), current });
}

/** Sends one entry; false when the replay must stop (no network, server down, no session). */
async function sendOne(item: TOutboxItem, token: string, auth: ReplayAuth): Promise<boolean> {
  inFlight.add(item.id);
  let res: Response;
  try {
    res = await send(item, token);
    if (decide(res.status) === 'reauth') {
      const renewed = await auth.renew();
      if (typeof renewed !== 'string') return false;
      res = await send(item, renewed);
    }
  } catch {
    reportNetwork(false);
    return false;
  } finally {
    inFlight.delete(item.id);
  }
  reportNetwork(true);
  const decision = decide(res.status);
  if (decision === 'sent') await onSent(item, res);
  else if (decision === 'failed') await onRefused(item, res);
  return decision === 'sent' || decision === 'failed';
}

async function drain(seedToken?: string | null): Promise<TReplayEnd> {
  // Pages waiting when this run starts get an answer by its end (null: still queued).
  const waiting = [...waiters.keys()];
  const auth = new ReplayAuth(seedToken);
  const skip = new Set<string>();
  try {
    for (;;) {
      const item = nextToSend(await readOutbox(), skip);
      if (!item) return 'done';
      const token = await auth.tokenFor(item.userId);
      if (token === 'offline') {
        reportNetwork(false);
        return 'stopped';
      }
      // Signed out, or another user's entry: it waits until that user signs in here again.
      if (token === null) {
        skip.add(item.id);
        continue;
      }
      if (!(await sendOne(item, token, auth))) return 'stopped';
    }
  } finally {
    for (const id of waiting) settle(id, null);
  }
}
