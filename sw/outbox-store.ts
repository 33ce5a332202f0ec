/// <reference lib="webworker" />
import { createStore, promisifyRequest, values } from 'idb-keyval';
import { counts, discard, ordered, summarize, type TOutboxItem } from '../src/shared/outbox/queue';
import { broadcast } from './messages';

/**
 * The outbox in IndexedDB (it survives a browser restart). Every change is read → pure function →
 * write of what changed, one at a time, so two writes arriving together cannot lose each other.
 */
const store = createStore('flowlearn-outbox', 'items');
let chain: Promise<unknown> = Promise.resolve();

function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}

export const readOutbox = async (): Promise<TOutboxItem[]> => ordered(await values<TOutboxItem>(store));

/** Keys with a write waiting (not failed), kept in memory: checked on every save, bodies can be MBs. */
let waiting: Set<string> | null = null;
const noteWaiting = (items: TOutboxItem[]) => {
  waiting = new Set(items.filter((i) => !i.failed).map((i) => i.key));
};

export async function hasWaiting(key: string): Promise<boolean> {
  if (!waiting) noteWaiting(await readOutbox());
  return waiting?.has(key) ?? false;
}

/**
 * Applies `change` to the stored list and writes the difference in one transaction. Unchanged
 * entries keep their object identity through the pure functions, so only changed ones are written.
 */
export function changeOutbox<R>(
  change: (items: TOutboxItem[]) => { items: TOutboxItem[]; result: R },
): Promise<R> {
  return serial(async () => {
    const before = await readOutbox();
    const { items, result } = change(before);
    const old = new Map(before.map((i) => [i.id, i]));
    const keep = new Set(items.map((i) => i.id));
    const put = items.filter((i) => old.get(i.id) !== i);
    const removed = before.filter((i) => !keep.has(i.id));
    if (put.length || removed.length) {
      await store('readwrite', (s) => {
        for (const i of put) s.put(i, i.id);
        for (const i of removed) s.delete(i.id);
        return promisifyRequest(s.transaction);
      });
      void tellOutbox(items);
    }
    noteWaiting(items);
    return result;
  });
}

/** The app shows "N changes waiting" and the list from this message. */
export async function tellOutbox(items?: TOutboxItem[]): Promise<void> {
  const list = items ?? (await readOutbox());
  await broadcast({ type: 'OUTBOX', ...counts(list), items: list.map(summarize) });
}

/** Re-sends the conflicts still waiting for a decision (to a page that just opened). */
export async function tellConflicts(): Promise<void> {
  for (const item of await readOutbox()) {
    if (!item.failed) continue;
    const body = item.failed.body as { details?: { current?: unknown } } | null;
    await broadcast({
      type: 'OUTBOX_CONFLICT',
      item: summarize(item),
      current: body?.details?.current ?? null,
    });
  }
}

/** The user chose to drop a waiting change (from the list of waiting changes). */
export const discardItem = (id: string) =>
  changeOutbox((items) => ({ items: discard(items, id), result: null }));

export const outboxItem = async (id: string) => (await readOutbox()).find((i) => i.id === id);
