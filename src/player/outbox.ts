import { createStore, get, set } from 'idb-keyval';
import { ApiError } from '../shared/api/http';
import { playerApi, type TTarget } from './player.api';

/**
 * The learner's outbox: every statement is kept in IndexedDB first, then sent; what
 * the network refuses waits and goes out when the phone is back online, in order. The editor's
 * outbox (src/app/outbox.ts) lives in the service worker of /editor, which does not control /viewer
 * pages, so the player keeps its own. Statement ids are stable (the runtime derives them from the
 * run), so a batch sent twice is stored once.
 */
export type TOutboxEntry = {
  target: TTarget;
  flowId: string;
  statement: { id: string } & Record<string, unknown>;
  learner?: { id: string; name?: string };
};

/** PLAYER_STATEMENTS_MAX of the contract (kept here: the contract module would bring zod into the player). */
const PLAYER_STATEMENTS_MAX = 50;
const store = typeof indexedDB === 'undefined' ? undefined : createStore('flowlearn-player', 'outbox');
const KEY = 'statements';
/**
 * Ids of statements the outbox took lately, also once sent. An answer given offline is answered again
 * when the network is back (run/offline-answer.ts): the runtime then builds the same statement ids
 * with new timestamps, and the LRS refuses a different statement under a stored id (409). The first
 * one taken is the learner's real answer; its repeats are dropped here.
 */
const TAKEN_KEY = 'taken';
const TAKEN_KEPT = 500;
let memory: TOutboxEntry[] = [];
let takenMemory: string[] = [];
const listeners = new Set<(state: TOutboxState) => void>();
export type TOutboxState = { waiting: number; refused: number };
let state: TOutboxState = { waiting: 0, refused: 0 };

async function load(): Promise<TOutboxEntry[]> {
  if (!store) return memory;
  try {
    return (await get<TOutboxEntry[]>(KEY, store)) ?? [];
  } catch {
    return memory;
  }
}

async function save(items: TOutboxEntry[]): Promise<void> {
  memory = items;
  if (store) await set(KEY, items, store).catch(() => undefined);
  publish({ ...state, waiting: items.length });
}

function publish(next: TOutboxState): void {
  state = next;
  for (const l of listeners) l(state);
}

export function watchOutbox(listener: (s: TOutboxState) => void): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

let chain: Promise<unknown> = Promise.resolve();
const serial = <T>(job: () => Promise<T>): Promise<T> => {
  const next = chain.then(job, job);
  chain = next.catch(() => undefined);
  return next;
};

async function loadTaken(): Promise<string[]> {
  if (!store) return takenMemory;
  return (await get<string[]>(TAKEN_KEY, store).catch(() => undefined)) ?? takenMemory;
}

/** `taken` with `id` added last, the oldest dropped past `kept`; null when `id` is in it already. */
export function takeId(taken: readonly string[], id: string, kept = TAKEN_KEPT): string[] | null {
  if (taken.includes(id)) return null;
  return [...taken, id].slice(-kept);
}

export function enqueue(entry: TOutboxEntry): Promise<void> {
  return serial(async () => {
    const taken = takeId(await loadTaken(), entry.statement.id);
    if (!taken) return;
    takenMemory = taken;
    if (store) await set(TAKEN_KEY, taken, store).catch(() => undefined);
    const items = await load();
    items.push(entry);
    await save(items);
  }).then(() => flush());
}

const sameGroup = (a: TOutboxEntry, b: TOutboxEntry) =>
  a.flowId === b.flowId && JSON.stringify(a.target) === JSON.stringify(b.target);

/** Sends what waits, oldest first; stops at the first network failure (it retries when online). */
export function flush(): Promise<void> {
  return serial(async () => {
    let items = await load();
    while (items.length) {
      const head = items[0];
      const batch = items.filter((i) => sameGroup(i, head)).slice(0, PLAYER_STATEMENTS_MAX);
      try {
        await playerApi.statements(
          head.target,
          head.flowId,
          batch.map((b) => b.statement),
          head.learner,
        );
      } catch (error) {
        const refused =
          error instanceof ApiError &&
          error.kind === 'http' &&
          error.status !== undefined &&
          error.status < 500 &&
          error.status !== 401;
        if (!refused) return;
        // The server will never take these (a flow removed, an ended link): shown, not retried forever.
        publish({ ...state, refused: state.refused + batch.length });
      }
      const sent = new Set(batch.map((b) => b.statement.id));
      items = items.filter((i) => !sent.has(i.statement.id));
      await save(items);
    }
  });
}

export function startOutbox(): void {
  void load().then((items) => publish({ ...state, waiting: items.length }));
  window.addEventListener('online', () => void flush());
  void flush();
}
