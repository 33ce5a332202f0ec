import { ErrorCode } from '../../shared/contract/errors';
import { AppError } from '../http/errors';

/**
 * How a large statement batch shares the server. Validating and writing 50,000
 * statements in one go held the event loop for seconds (PGlite runs its SQL on the same thread), so
 * every other tenant waited. Now a request carries at most MAX_STATEMENTS_PER_REQUEST statements
 * (413 past it, saying how to send more: further requests; the statement ids make a retry safe),
 * the work is done in slices that give the event loop back between them, and the large batches of
 * one space take turns (one at a time per space), so a tenant sending many cannot crowd out the rest.
 * The cap is what bounds the wait of others on PGlite: a batch is one transaction (all or nothing),
 * and PGlite runs every other query after it, so the slices free the event loop but not the database.
 */
export const MAX_STATEMENTS_PER_REQUEST = 1000;
/** Statements validated or prepared between two yields: a few milliseconds of work. */
export const SLICE = 200;
/** Rows per INSERT: a statement PGlite runs in well under a tenth of a second. */
export const INSERT_SLICE = 250;
/** Batches of more statements than this take their space's turn; small ones (the usual) never wait. */
const LARGE_BATCH = 100;

export function checkBatchSize(count: number): void {
  if (count > MAX_STATEMENTS_PER_REQUEST)
    throw new AppError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      413,
      `statements: at most ${MAX_STATEMENTS_PER_REQUEST} statements per request (${count} sent); ` +
        'send the rest in further requests',
    );
}

/** Lets timers, I/O and other requests run before the next slice. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `fn` over `items` in slices, yielding between slices; the results in order. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, i: number) => R,
  size = SLICE,
): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToLoop();
    const end = Math.min(items.length, start + size);
    for (let i = start; i < end; i++) out.push(fn(items[i], i));
  }
  return out;
}

/**
 * One large batch per space at a time in this process, in arrival order; other spaces are not held
 * (each has its own queue), and small batches pass straight through. `waiting` counts the large
 * batches between arrival and their turn.
 */
export function createSpaceTurns(waiting?: { inc(): void; dec(): void }) {
  const tails = new Map<string, Promise<unknown>>();
  return async function inTurn<T>(space: string, count: number, fn: () => Promise<T>): Promise<T> {
    if (count <= LARGE_BATCH) return fn();
    const before = tails.get(space) ?? Promise.resolve();
    // Waiting from arrival until its turn starts (the /metrics queue length).
    waiting?.inc();
    const started = () => {
      waiting?.dec();
      return fn();
    };
    const mine = before.catch(() => undefined).then(started);
    const tail = mine.catch(() => undefined);
    tails.set(space, tail);
    try {
      return await mine;
    } finally {
      if (tails.get(space) === tail) tails.delete(space);
    }
  };
}
