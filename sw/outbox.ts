/// <reference lib="webworker" />
import { entryOf } from '../src/shared/outbox/entry';
import {
  QUEUED_HEADER,
  STORAGE_FULL_CODE,
  SYNC_TAG,
  type TQueuedAnswer,
} from '../src/shared/outbox/protocol';
import { enqueue, type TNewItem } from '../src/shared/outbox/queue';
import { matchOutboxRoute, type TRouteMatch } from '../src/shared/outbox/routes';
import { rememberRead } from './caches';
import { broadcast, isAbort, isQuotaError } from './messages';
import { reportNetwork } from './online';
import { changeOutbox, hasWaiting } from './outbox-store';
import { inFlight, replayFor } from './replay';

declare const self: ServiceWorkerGlobalScope & {
  registration: ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
};

/**
 * Writes the outbox may keep (shared/outbox/routes.ts). Online they go straight to the server,
 * unless earlier writes of the same resource still wait: then they queue behind them, so the server
 * sees them in the order they were made.
 */
export function handleOutboxFetch(event: FetchEvent): boolean {
  const { request } = event;
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  const matched = matchOutboxRoute(request.method, url.pathname);
  if (!matched) return false;
  event.respondWith(handleWrite(request, matched));
  return true;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const bearerOf = (request: Request) =>
  /^Bearer\s+(.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null;

async function handleWrite(request: Request, matched: TRouteMatch): Promise<Response> {
  const body = await request.clone().text();
  const entry = entryOf(
    {
      id: crypto.randomUUID(),
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: body || null,
      now: Date.now(),
    },
    matched,
  );
  if (await hasWaiting(matched.key)) {
    const kept = await keep(entry, matched);
    if (kept instanceof Response) return kept;
    const answer = await replayFor(kept.id, bearerOf(request));
    if (answer) return answer;
    void registerSync();
    return queued(kept.id, kept.size);
  }
  try {
    const res = await fetch(request);
    reportNetwork(true);
    if (res.ok && matched.route.readUrl) {
      void rememberRead(matched.route.readUrl(request.url), entry.orgId, res.clone()).catch(() => undefined);
    }
    return res;
  } catch (error) {
    if (isAbort(error, request)) throw error;
    reportNetwork(false);
    const kept = await keep(entry, matched);
    if (kept instanceof Response) return kept;
    void registerSync();
    return queued(kept.id, kept.size);
  }
}

/** Stores the write; a full disk is said out loud (507 to the caller, a message to every page). */
async function keep(entry: TNewItem, matched: TRouteMatch): Promise<{ id: string; size: number } | Response> {
  try {
    return await changeOutbox((items) => {
      const { items: next, item } = enqueue(items, entry, inFlight, matched.route.revisionField);
      return { items: next, result: { id: item.id, size: next.length } };
    });
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    void broadcast({ type: 'STORAGE_FULL' });
    return json(
      {
        message: 'This change could not be kept on this device: its storage is full.',
        errorCode: STORAGE_FULL_CODE,
      },
      507,
    );
  }
}

function queued(id: string, outboxSize: number): Response {
  const body: TQueuedAnswer = { queued: true, outboxSize, id };
  return json(body, 202, { [QUEUED_HEADER]: '1' });
}

/** Background Sync replays even when no page is open (where the browser has it). */
export async function registerSync(): Promise<void> {
  await self.registration.sync?.register(SYNC_TAG).catch(() => undefined);
}
