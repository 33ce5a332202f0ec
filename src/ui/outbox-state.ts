import { proxy } from 'valtio';
import type { TOutboxSummary } from '../shared/outbox/protocol';
import type { TOutboxItem } from '../shared/outbox/queue';

/**
 * The service worker's outbox as the features see it (the app fills it from the worker's messages,
 * app/outbox.ts). In ui so a feature (the canvas) can read it without importing the app.
 */
export interface TOutboxConflict {
  item: TOutboxSummary;
  /** The server's version when it answered 409 (details.current), else null (e.g. a 400). */
  current: unknown;
}

export interface TOutboxSent {
  /** The revision the sent write started from, and the one the server gave it. */
  baseRevision?: number;
  revision?: number;
  at: number;
}

export const outboxState = proxy({
  /** Entries of the signed-in user (or of no one) waiting to be sent, failed ones included. */
  size: 0,
  failed: 0,
  items: [] as TOutboxSummary[],
  /** Refused replays (409, 400…) by entry id; kept until sent or discarded. Values are refs. */
  conflicts: {} as Record<string, TOutboxConflict>,
  /** The last write of each resource (entry key, e.g. `flow:<id>`) the outbox delivered. */
  sent: {} as Record<string, TOutboxSent>,
  /** Set when the device refused to store a write (QuotaExceededError). */
  storageFull: false,
});

export interface TOutboxCommands {
  discard(id: string): void;
  replay(): void;
  /** The entry with its body (what was queued), or null. */
  get(id: string): Promise<TOutboxItem | null>;
}

let commands: TOutboxCommands = {
  discard: () => {},
  replay: () => {},
  get: async () => null,
};

/** The app connects these to the service worker; without one they do nothing. */
export function setOutboxCommands(next: TOutboxCommands): void {
  commands = next;
}

export const discardOutboxItem = (id: string) => commands.discard(id);
export const replayOutbox = () => commands.replay();
export const getOutboxItem = (id: string) => commands.get(id);

export const flowKey = (flowId: string) => `flow:${flowId}`;
export const waitingForFlow = (flowId: string) => outboxState.items.filter((i) => i.flowId === flowId);
export const conflictForFlow = (flowId: string) =>
  Object.values(outboxState.conflicts).find((c) => c.item.flowId === flowId) ?? null;
export const sentForFlow = (flowId: string) => outboxState.sent[flowKey(flowId)] ?? null;
