import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS_PER_REQUEST } from '../../src/server/lrs/batch-pacing';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, type XapiClient } from './helpers/xapi';

/**
 * One tenant's large batch must not stall the others. The figures of the probe: 50,000
 * statements in one POST held the event loop for seconds and /api/health waited up to 6.5 s.
 */
const TOTAL = 20_000;
/** Generous for a busy CI machine; one request of TOTAL statements (the old code) took several seconds. */
const MAX_STALL_MS = 2500;
const MAX_WAIT_MS = 5000;

let t: TestApp;
let a: XapiClient;
let b: XapiClient;
beforeAll(async () => {
  t = await createLrsTestApp();
  a = (await lrsWorld(t)).org;
  b = (await lrsWorld(t)).org;
}, APP_START_MS * 3);
afterAll(() => t.close());

/** Sends statements as a client told by a 413 would: the whole batch first, then slices of the stated size. */
async function sendAll(client: XapiClient, statements: unknown[], whole: string): Promise<string[]> {
  const first = await client.call('POST', '/xapi/statements', {
    raw: whole,
    headers: { 'Content-Type': 'application/json' },
  });
  if (first.status === 200) return first.body;
  expect(first.status).toBe(413);
  const max = Number(/at most (\d+) statements per request/.exec(first.body.message)?.[1]);
  expect(max).toBe(MAX_STATEMENTS_PER_REQUEST);
  const ids: string[] = [];
  for (let at = 0; at < statements.length; at += max) {
    const part = await client.call('POST', '/xapi/statements', { body: statements.slice(at, at + max) });
    expect(part.status, part.text.slice(0, 300)).toBe(200);
    ids.push(...part.body);
  }
  return ids;
}

describe('[LRS] a large batch shares the server', () => {
  it('refuses more statements than a request may carry with a 413 that says how to send them', async () => {
    const res = await a.call('POST', '/xapi/statements', {
      body: Array.from({ length: MAX_STATEMENTS_PER_REQUEST + 1 }, () => statement()),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      `statements: at most ${MAX_STATEMENTS_PER_REQUEST} statements per request (${MAX_STATEMENTS_PER_REQUEST + 1} sent); send the rest in further requests`,
    );
  });

  it(`keeps the event loop, /api/health and another space answering while ${TOTAL} statements arrive`, async () => {
    const batch = Array.from({ length: TOTAL }, () => statement());
    // The client's own work (one JSON text of the whole batch) is done before the loop is measured.
    const whole = JSON.stringify(batch);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const healthMs: number[] = [];
    const otherMs: number[] = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        const start = performance.now();
        expect((await t.app.request('/api/health')).status).toBe(200);
        healthMs.push(performance.now() - start);
        const other = performance.now();
        expect((await b.call('POST', '/xapi/statements', { body: [statement()] })).status).toBe(200);
        otherMs.push(performance.now() - other);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    delay.enable();
    const ids = await sendAll(a, batch, whole).finally(() => {
      done = true;
    });
    delay.disable();
    await probe;
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    const stallMs = delay.max / 1e6;
    console.info(
      `event-loop delay max ${stallMs.toFixed(0)} ms; health max ${Math.max(...healthMs).toFixed(0)} ms over ${healthMs.length}; other space max ${Math.max(...otherMs).toFixed(0)} ms`,
    );
    expect(healthMs.length).toBeGreaterThan(3);
    expect(stallMs).toBeLessThan(MAX_STALL_MS);
    // Requests that need the database wait for the batch in its transaction (PGlite runs one at a
    // time): the per-request cap bounds that wait.
    expect(Math.max(...healthMs)).toBeLessThan(MAX_WAIT_MS);
    expect(Math.max(...otherMs)).toBeLessThan(MAX_WAIT_MS);
  }, 300_000);
});
