import type { JsonObject } from '../../shared/domain/xapi';
import type { LrsSpace } from '../lrs';

/** Writes statements to one LRS space and answers their ids in order (LrsService.storeStatements). */
export type StoreInSpace = (space: LrsSpace, statements: JsonObject[]) => Promise<string[]>;

interface Waiting {
  statements: JsonObject[];
  resolve: (ids: string[]) => void;
  reject: (error: unknown) => void;
}

/** A batch stays a small one for the LRS (batch-pacing.ts: more than 100 statements wait for their turn). */
export const ANSWER_BATCH_STATEMENTS = 100;

/**
 * Group commit for learner answers. A class answering at once sent one transaction per answer, and
 * on PostgreSQL they queued for the pool's connections (three round trips each: begin, insert,
 * commit); on PGlite each waited for the one engine. While `maxInFlight` writes of a space are
 * running, the answers that arrive wait and are then written together in one call, so a busy
 * class pays one transaction per batch and a quiet one pays no wait at all.
 *
 * A batch is all or nothing, so one answer's fault (a malformed statement, an id stored with other
 * content) would fail its neighbours: a batch that fails is written again answer by answer, and
 * each request gets exactly the answer (ids, 400, 409) it would have got alone. Statement ids make
 * the second write safe.
 */
export function createAnswerBatches(
  store: StoreInSpace,
  limits: { maxStatements: number; maxInFlight: number },
) {
  const queues = new Map<string, { waiting: Waiting[]; inFlight: number }>();

  async function alone(space: LrsSpace, w: Waiting): Promise<void> {
    try {
      w.resolve(await store(space, w.statements));
    } catch (error) {
      w.reject(error);
    }
  }

  async function write(space: LrsSpace, batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return alone(space, batch[0]);
    let ids: string[];
    try {
      ids = await store(
        space,
        batch.flatMap((w) => w.statements),
      );
    } catch {
      await Promise.all(batch.map((w) => alone(space, w)));
      return;
    }
    let at = 0;
    for (const w of batch) {
      w.resolve(ids.slice(at, at + w.statements.length));
      at += w.statements.length;
    }
  }

  /** The next batch: waiting answers in arrival order up to the statement limit (at least one). */
  function take(waiting: Waiting[]): Waiting[] {
    let count = waiting[0].statements.length;
    let n = 1;
    while (n < waiting.length && count + waiting[n].statements.length <= limits.maxStatements)
      count += waiting[n++].statements.length;
    return waiting.splice(0, n);
  }

  function pump(space: LrsSpace): void {
    const queue = queues.get(space);
    if (!queue) return;
    while (queue.inFlight < limits.maxInFlight && queue.waiting.length > 0) {
      queue.inFlight++;
      void write(space, take(queue.waiting)).finally(() => {
        queue.inFlight--;
        if (queue.inFlight === 0 && queue.waiting.length === 0) queues.delete(space);
        else pump(space);
      });
    }
  }

  return {
    /** Stores one request's statements, with whatever else of the space is waiting; their ids in order. */
    store(space: LrsSpace, statements: JsonObject[]): Promise<string[]> {
      return new Promise<string[]>((resolve, reject) => {
        let queue = queues.get(space);
        if (!queue) {
          queue = { waiting: [], inFlight: 0 };
          queues.set(space, queue);
        }
        queue.waiting.push({ statements, resolve, reject });
        pump(space);
      });
    },
  };
}
