/// <reference lib="webworker" />
import type { TSwMessage } from '../src/shared/outbox/protocol';

declare const self: ServiceWorkerGlobalScope;

/** Tells every open window of the app (controlled or not yet: a first visit listens too). */
export async function broadcast(message: TSwMessage): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

export function isAbort(error: unknown, request?: Request): boolean {
  return !!request?.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}
