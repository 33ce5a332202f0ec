import { describe, expect, it } from 'vitest';
import { createAnswerBatches } from '../../src/server/player/answer-batches';
import type { JsonObject } from '../../src/shared/domain/xapi';

/** A store that answers ids after a turn of the loop, refuses a statement marked bad, and logs its calls. */
function slowStore() {
  const calls: string[][] = [];
  const store = async (_space: string, statements: JsonObject[]) => {
    calls.push(statements.map((s) => String(s.id)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (statements.some((s) => s.bad)) throw new Error('bad statement');
    return statements.map((s) => String(s.id));
  };
  return { calls, store };
}

const answer = (id: string, bad = false): JsonObject[] => [{ id, ...(bad ? { bad: true } : {}) }];

describe('answer batches', () => {
  it('writes answers arriving while others are written together, each request getting its own ids', async () => {
    const { calls, store } = slowStore();
    const batches = createAnswerBatches(store, { maxStatements: 100, maxInFlight: 2 });
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => batches.store('org:a', answer(`s${n}`))),
    );
    expect(ids).toEqual(Array.from({ length: 30 }, (_, n) => [`s${n}`]));
    // Two go alone (nothing was running); the 28 that waited go in one call.
    expect(calls.map((c) => c.length)).toEqual([1, 1, 28]);
  });

  it('keeps a batch within the statement limit and the spaces apart', async () => {
    const { calls, store } = slowStore();
    const batches = createAnswerBatches(store, { maxStatements: 10, maxInFlight: 1 });
    await Promise.all([
      ...Array.from({ length: 25 }, (_, n) => batches.store('org:a', answer(`a${n}`))),
      batches.store('org:b', answer('b0')),
    ]);
    expect(Math.max(...calls.map((c) => c.length))).toBeLessThanOrEqual(10);
    expect(calls.filter((c) => c.includes('b0'))).toEqual([['b0']]);
    expect(
      calls
        .flat()
        .filter((id) => id.startsWith('a'))
        .sort(),
    ).toHaveLength(25);
  });

  it('writes a failed batch again answer by answer: only the faulty request fails', async () => {
    const { calls, store } = slowStore();
    const batches = createAnswerBatches(store, { maxStatements: 100, maxInFlight: 1 });
    const results = await Promise.allSettled([
      batches.store('org:a', answer('first')),
      batches.store('org:a', answer('ok1')),
      batches.store('org:a', answer('broken', true)),
      batches.store('org:a', answer('ok2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toContainEqual(['ok1', 'broken', 'ok2']);
    expect(calls).toContainEqual(['ok2']);
  });
});
