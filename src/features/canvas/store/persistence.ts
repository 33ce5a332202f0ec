import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { proxy } from 'valtio';
import type { THistory } from '../../../shared/domain/edit-history';
import type { TCanvasEdge, TCanvasNode } from '../canvas.types';

/**
 * What the editor keeps on this device, per flow id, in IndexedDB:
 * - the draft (spec 01 §6 "every change is written to IndexedDB at once"): the graph, the name and
 *   the server revision it was based on, so nothing typed is lost to a network fault or a reload;
 * - the edit history, in the object store `rf-history` (spec 01 §3), with the revision its saved
 *   snapshot belongs to, so undo still works after a reload.
 * idb-keyval opens one object store per database, hence two databases.
 * Where IndexedDB is missing (tests, some private modes) a Map stands in for the session.
 * A write the device refuses (full disk: QuotaExceededError) never throws into the editor; it is
 * recorded in `deviceWrites`, which the editor shows with its way out (export the flow).
 */

export type TDraft = {
  flowId: string;
  name: string;
  nodes: TCanvasNode[];
  edges: TCanvasEdge[];
  baseRevision: number;
  /** Changes not yet on the server; 0 means the draft equals what was saved. */
  pending: number;
  updatedAt: number;
};

export type THistoryRecord = {
  revision: number;
  history: THistory<TCanvasNode, TCanvasEdge>;
};

/** 'quota': the device's storage is full; 'other': IndexedDB refused for another reason. */
export type TWriteProblem = 'quota' | 'other';

/** The last write of each area: null when it was kept. A later write that succeeds clears it. */
export const deviceWrites = proxy({
  draft: null as TWriteProblem | null,
  history: null as TWriteProblem | null,
});

export const deviceWriteProblem = (s: { draft: TWriteProblem | null; history: TWriteProblem | null }) =>
  s.draft ?? s.history;

export function problemOf(error: unknown): TWriteProblem {
  // Chromium and Firefox name it QuotaExceededError; old Firefox used NS_ERROR_DOM_QUOTA_REACHED.
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' ? 'quota' : 'other';
}

type TArea = { name: 'draft' | 'history'; idb: () => UseStore | null; memory: Map<string, unknown> };

function area(name: TArea['name'], db: string, store: string): TArea {
  let opened: UseStore | null | undefined;
  return {
    name,
    idb: () => {
      if (opened === undefined) opened = typeof indexedDB === 'undefined' ? null : createStore(db, store);
      return opened;
    },
    memory: new Map(),
  };
}

const drafts = area('draft', 'flowlearn-canvas-drafts', 'drafts');
const histories = area('history', 'flowlearn-canvas-history', 'rf-history');

async function read<T>(a: TArea, key: string): Promise<T | undefined> {
  const idb = a.idb();
  if (!idb) return a.memory.get(key) as T | undefined;
  return get<T>(key, idb).catch(() => undefined);
}

async function write(a: TArea, key: string, value: unknown): Promise<void> {
  const idb = a.idb();
  if (!idb) {
    // Structured clone, as IndexedDB would: later changes must not reach the stored value.
    a.memory.set(key, structuredClone(value));
    return;
  }
  // A full disk or a closed database must not break editing (the server save still runs), nor
  // pass unseen: the editor tells the teacher the change is only in this tab.
  try {
    await set(key, value, idb);
    if (deviceWrites[a.name]) deviceWrites[a.name] = null;
  } catch (error) {
    deviceWrites[a.name] = problemOf(error);
    console.warn(`Flowlearn: the ${a.name} of flow ${key} could not be kept on this device`, error);
  }
}

async function remove(a: TArea, key: string): Promise<void> {
  const idb = a.idb();
  if (!idb) a.memory.delete(key);
  else await del(key, idb).catch(() => undefined);
}

export const readDraft = (flowId: string) => read<TDraft>(drafts, flowId);
export const writeDraft = (draft: TDraft) => write(drafts, draft.flowId, draft);
export const deleteDraft = (flowId: string) => remove(drafts, flowId);

export const readHistory = (flowId: string) => read<THistoryRecord>(histories, flowId);
export const writeHistory = (flowId: string, record: THistoryRecord) => write(histories, flowId, record);
export const deleteHistory = (flowId: string) => remove(histories, flowId);
