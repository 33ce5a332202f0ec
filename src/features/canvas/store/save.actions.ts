import { ApiError } from '../../../shared/api/http';
import { ZFlowConflictDetails } from '../../../shared/contract/flows';
import { currentSnapshot, isDirty, markSaved, type TSnapshot } from '../../../shared/domain/edit-history';
import { STORAGE_FULL_CODE } from '../../../shared/outbox/protocol';
import { canvasApi } from '../canvas.api';
import type { TCanvasEdge, TCanvasNode } from '../canvas.types';
import { editor, session, setConflict, setHistory } from './canvas.store';
import { deleteDraft, deviceWrites, writeDraft, writeHistory } from './persistence';
import { sameDocument } from './same-document';

/** Spec 01 §6: the server hears of a change ~1.5 s after the last one; history is written after 300 ms. */
export const SAVE_DEBOUNCE_MS = 1500;
export const HISTORY_WRITE_MS = 300;
const DRAFT_AFTER_STEP_MS = 250;
let draftTimer: ReturnType<typeof setTimeout> | undefined;
const RETRY_MS = [5000, 10_000, 30_000, 60_000];

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let historyTimer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<void> | null = null;
let again = false;
let retries = 0;

export function writeDraftNow(): Promise<void> {
  const { nodes, edges } = currentSnapshot(session.history);
  return writeDraft({
    flowId: editor.flowId,
    name: editor.name,
    nodes: nodes as TCanvasNode[],
    edges: edges as TCanvasEdge[],
    baseRevision: session.baseRevision,
    pending: editor.pending,
    updatedAt: Date.now(),
  });
}

export function writeHistoryNow(): Promise<void> {
  clearTimeout(historyTimer);
  return writeHistory(editor.flowId, { revision: session.baseRevision, history: session.history });
}

export function persistHistorySoon(): void {
  clearTimeout(historyTimer);
  historyTimer = setTimeout(() => void writeHistoryNow(), HISTORY_WRITE_MS);
}

export function scheduleSave(delay = SAVE_DEBOUNCE_MS): void {
  clearTimeout(saveTimer);
  if (editor.conflict || !editor.flowId) return;
  saveTimer = setTimeout(() => void saveNow(), delay);
}

/** Everything a change does besides changing the graph: count it, keep it here, send it soon. */
export function afterChange(opts: { draftAfterPaint?: boolean } = {}): void {
  editor.pending += 1;
  editor.refusal = null;
  if (opts.draftAfterPaint) {
    // Copying a large flow into IndexedDB takes milliseconds: an undo or redo (often several in a
    // row) is drawn first and the draft written once they pause.
    clearTimeout(draftTimer);
    draftTimer = setTimeout(() => void writeDraftNow(), DRAFT_AFTER_STEP_MS);
  } else void writeDraftNow();
  persistHistorySoon();
  scheduleSave();
}

const hasChanges = () => isDirty(session.history) || editor.name !== session.savedName;

/** The sent snapshot becomes the saved one, even if more edits were made while the call ran. */
function markSnapshotSaved(sent: TSnapshot<TCanvasNode, TCanvasEdge>): void {
  const h = session.history;
  if (currentSnapshot(h) === sent) setHistory(markSaved(h));
  else setHistory({ ...h, savedIndex: h.snapshots.indexOf(sent) });
}

/** The last save the service worker kept in its outbox: what it holds and how many changes. */
let queued: { snapshot: TSnapshot<TCanvasNode, TCanvasEdge>; pending: number; name: string } | null = null;

/**
 * A save queued by an earlier session (before a reload or a browser restart) was delivered: this
 * session restored the same draft, so unless it changed since, the server now has what is shown.
 * One read tells, instead of sending the whole flow a second time.
 */
async function adoptDeliveredDraft(revision: number): Promise<void> {
  const flowId = editor.flowId;
  const shown = currentSnapshot(session.history);
  const name = editor.name;
  const pending = editor.pending;
  const server = await canvasApi.get(flowId).catch(() => null);
  if (flowId !== editor.flowId || currentSnapshot(session.history) !== shown) return;
  if (server?.data.revision === revision && sameDocument({ name, ...shown }, server.data)) {
    queued = { snapshot: shown, pending, name };
  }
}

/** The outbox delivered the queued save: carry on from the revision the server gave it. */
export async function onQueuedSent(revision: number): Promise<void> {
  session.baseRevision = revision;
  editor.networkFailed = false;
  // A restored draft's own debounced save would send the same flow again while we look.
  clearTimeout(saveTimer);
  if (!queued) await adoptDeliveredDraft(revision);
  if (session.baseRevision !== revision) return;
  if (queued) {
    markSnapshotSaved(queued.snapshot);
    session.savedName = queued.name;
    editor.pending = Math.max(0, editor.pending - queued.pending);
    queued = null;
  }
  void (editor.pending === 0 ? deleteDraft(editor.flowId) : writeDraftNow());
  void writeHistoryNow();
  if (hasChanges()) scheduleSave(0);
  else editor.pending = 0;
}

/** The draft stays here and the save is tried again, waiting longer each time. */
function retryLater(): void {
  editor.networkFailed = true;
  scheduleSave(RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
}

function onSaveError(err: unknown, sent: NonNullable<typeof queued>): void {
  if (!(err instanceof ApiError)) throw err;
  if (err.kind === 'queued') {
    // Kept by the service worker, which sends it when it can (merging later saves into it).
    editor.networkFailed = true;
    queued = sent;
    return;
  }
  if (err.errorCode === STORAGE_FULL_CODE) {
    // No network and the worker's outbox could not keep it (507): only this tab has the change.
    // The editor says so and offers the export; the save is tried again as after a network fault.
    deviceWrites.draft = 'quota';
    retryLater();
    return;
  }
  if (err.status === 409) {
    const details = ZFlowConflictDetails.safeParse(err.details);
    if (details.success) setConflict(details.data.current);
    else editor.refusal = err.message;
    return;
  }
  if (err.kind === 'network' || err.kind === 'offline') {
    retryLater();
    return;
  }
  // 400 (a broken link rule), 403, 404…: the server's message shows and the draft stays here.
  editor.refusal = err.message || `HTTP ${err.status ?? ''}`.trim();
}

async function runSave(): Promise<void> {
  const flowId = editor.flowId;
  const sent = currentSnapshot(session.history);
  const name = editor.name;
  const sentPending = editor.pending;
  editor.saving = true;
  try {
    const res = await canvasApi.save(flowId, {
      nodes: sent.nodes as TCanvasNode[],
      edges: sent.edges as TCanvasEdge[],
      name,
      revision: session.baseRevision,
    });
    if (flowId !== editor.flowId) return;
    session.baseRevision = res.data.revision;
    session.savedName = name;
    editor.pending = Math.max(0, editor.pending - sentPending);
    editor.networkFailed = false;
    editor.refusal = null;
    editor.restoredDraft = false;
    retries = 0;
    markSnapshotSaved(sent);
    await (editor.pending === 0 ? deleteDraft(flowId) : writeDraftNow());
    await writeHistoryNow();
  } catch (err) {
    if (flowId === editor.flowId) onSaveError(err, { snapshot: sent, pending: sentPending, name });
  } finally {
    editor.saving = false;
  }
}

/** Sends the flow now with the revision it started from; one call at a time, the last edit wins. */
export async function saveNow(): Promise<void> {
  clearTimeout(saveTimer);
  if (!editor.flowId || editor.conflict || editor.status !== 'ready') return;
  if (inflight) {
    again = true;
    return inflight;
  }
  if (!hasChanges()) {
    // Undone back to what the server has: nothing to send, nothing waiting.
    editor.pending = 0;
    void deleteDraft(editor.flowId);
    return;
  }
  // Offline without a service worker the browser would only fail the call: the draft is here and
  // `online` resumes it. With one, the save goes to its outbox, which outlives a browser restart.
  const hasOutbox = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
  if (typeof navigator !== 'undefined' && !navigator.onLine && !hasOutbox) {
    editor.online = false;
    return;
  }
  inflight = runSave();
  try {
    await inflight;
  } finally {
    inflight = null;
    if (again && !editor.conflict && !editor.refusal && hasChanges()) {
      again = false;
      void saveNow();
    }
    again = false;
  }
}

/** Called when the editor closes: timers stop, the history is written now. */
export function stopSaving(): void {
  clearTimeout(saveTimer);
  if (historyTimer !== undefined && editor.flowId) void writeHistoryNow();
  clearTimeout(historyTimer);
  retries = 0;
  queued = null;
}

export const isSaving = () => inflight !== null;
