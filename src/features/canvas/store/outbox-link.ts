import { subscribe } from 'valtio';
import { ZFlow } from '../../../shared/contract/flows';
import { conflictForFlow, discardOutboxItem, outboxState, sentForFlow } from '../../../ui/outbox-state';
import { editor, session, setConflict } from './canvas.store';
import { onQueuedSent } from './save.actions';

/**
 * The service worker keeps a flow save made offline in its outbox (202 "queued") and replays it when
 * the network is back. The editor follows it here: a delivered save gives the revision to carry on
 * from; a replay the server refused (409, 400) opens the same dialog or message as a direct save.
 */
let stop: (() => void) | null = null;
let seenSentAt = 0;
/** The outbox entry whose refusal is on screen; discarded once the teacher has chosen. */
let shownItem: string | null = null;

function check(flowId: string): void {
  if (editor.flowId !== flowId) return;
  const sent = sentForFlow(flowId);
  if (sent && sent.at > seenSentAt) {
    seenSentAt = sent.at;
    if (sent.revision !== undefined && sent.baseRevision === session.baseRevision)
      void onQueuedSent(sent.revision);
  }
  const refused = conflictForFlow(flowId);
  if (!refused || refused.item.id === shownItem) return;
  shownItem = refused.item.id;
  const current = ZFlow.safeParse(refused.current);
  if (current.success) {
    setConflict(current.data);
    return;
  }
  const body = refused.item.failed?.body as { message?: unknown } | null | undefined;
  editor.refusal =
    typeof body?.message === 'string' ? body.message : `HTTP ${refused.item.failed?.status ?? ''}`;
}

export function followOutbox(flowId: string): void {
  stop?.();
  // A save the worker delivered while the flow was loading counts too (the load read the revision
  // before it): check() applies a delivered save only when it was based on the revision loaded.
  seenSentAt = 0;
  shownItem = null;
  stop = subscribe(outboxState, () => check(flowId));
  check(flowId);
}

export function unfollowOutbox(): void {
  stop?.();
  stop = null;
}

/** The teacher answered the refusal: the stuck entry would only be refused again. */
export function settleOutboxRefusal(): void {
  if (shownItem) discardOutboxItem(shownItem);
}
