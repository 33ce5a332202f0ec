import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpaceTurns } from '../../src/server/lrs/batch-pacing';
import { APP_START_MS, type TestApp } from './harness';
import { cr, creditsOf, user } from './helpers/credits';
import { createLrsTestApp, lrsWorld, statement, uuid } from './helpers/xapi';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createLrsTestApp({ METRICS_TOKEN: TOKEN });
}, APP_START_MS);
afterAll(() => t.close());

/** One sample of /metrics (0 when the series has no sample yet). */
async function sample(series: string): Promise<number> {
  const res = await t.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('[OPERATIONS] /metrics counts what the server did', () => {
  it('counts statements newly stored, not a repeated statement id nor a refused batch', async () => {
    const { org } = await lrsWorld(t);
    const before = await sample('flowlearn_lrs_statements_stored_total');
    const batch = [statement({ id: uuid() }), statement({ id: uuid() }), statement({ id: uuid() })];
    expect((await org.call('POST', '/xapi/statements', { body: batch })).status).toBe(200);
    expect(await sample('flowlearn_lrs_statements_stored_total')).toBe(before + 3);
    // The same statements again are accepted and stored once; a bad batch stores nothing.
    expect((await org.call('POST', '/xapi/statements', { body: batch })).status).toBe(200);
    const bad = [statement({ id: uuid() }), { verb: 'not a statement' }];
    expect((await org.call('POST', '/xapi/statements', { body: bad })).status).toBe(400);
    expect(await sample('flowlearn_lrs_statements_stored_total')).toBe(before + 3);
  });

  it('counts credit holds settled and released, with the credits each moved', async () => {
    const credits = creditsOf(t);
    const settledBefore = await sample('flowlearn_credits_settled_total');
    const releasedBefore = await sample('flowlearn_credits_released_total');
    const holdsBefore = await sample('flowlearn_credit_holds_closed_total{outcome="settled"}');
    await credits.grant({ to: user('m'), amount: cr('10'), idempotencyKey: 'metrics-g' });
    const kept = await credits.reserve({ payer: user('m'), upTo: cr('4'), idempotencyKey: 'metrics-r1' });
    await credits.settle(kept.id, cr('1.25'));
    // A retried settle charges once, so it counts once.
    await credits.settle(kept.id, cr('1.25'));
    const dropped = await credits.reserve({
      payer: user('m'),
      upTo: cr('2.5'),
      idempotencyKey: 'metrics-r2',
    });
    await credits.release(dropped.id);
    await credits.release(dropped.id);
    expect(await sample('flowlearn_credits_settled_total')).toBeCloseTo(settledBefore + 1.25, 9);
    expect(await sample('flowlearn_credits_released_total')).toBeCloseTo(releasedBefore + 2.5, 9);
    expect(await sample('flowlearn_credit_holds_closed_total{outcome="settled"}')).toBe(holdsBefore + 1);
    expect(await sample('flowlearn_credit_holds_closed_total{outcome="released"}')).toBeGreaterThanOrEqual(1);
  });

  it('shows the queues: large LRS batches waiting their turn, and images waiting for a worker', async () => {
    let waiting = 0;
    const inTurn = createSpaceTurns({ inc: () => waiting++, dec: () => waiting-- });
    let finishFirst: () => void = () => undefined;
    const first = inTurn('space', 500, () => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = inTurn('space', 500, async () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    // The first runs, the second waits; a small batch never queues.
    expect(waiting).toBe(1);
    await inTurn('space', 10, async () => undefined);
    expect(waiting).toBe(1);
    finishFirst();
    await Promise.all([first, second]);
    expect(waiting).toBe(0);
    const text = await (
      await t.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(text).toContain('# TYPE flowlearn_lrs_batches_waiting gauge');
    expect(text).toMatch(/^flowlearn_image_compression_waiting 0$/m);
  });
});
