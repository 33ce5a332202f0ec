import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createApiKeysService } from '../../src/server/api-keys/api-keys.service';
import { createTaskRunner } from '../../src/server/automation/run.service';
import { createCreditsService } from '../../src/server/credits/credits.service';
import { flows } from '../../src/server/db/schema';
import { TASK_RUN_FEE } from '../../src/shared/contract/automation';
import { parseCredits } from '../../src/shared/domain/decimal';
import { newId } from '../../src/shared/domain/ids';
import { createTestApp } from '../api/harness';
import { makeUser } from '../api/helpers/users';
import { type Bench, type BenchRow, percentile as pct } from './bench';

/**
 * Task runs through the real runner (the one the route calls) on PGlite with the offline provider:
 * a 20-block flow (Start, 18 Display Text blocks, a Text Input answered from the input JSON), one at
 * a time and 8 at once, with p50/p99 per run; and the overhead of one run's API key authentication
 * (hash lookup, per-key rate counter, task and flow: one statement) plus its charging (the run fee,
 * known up front: one statement), as execute() does them, p99 ≤ 3 ms. Beside it, the floor: one
 * `select 1` round trip to the same database, whose rare stalls on this machine (a 2-core VM) set the
 * tail of the two round trips.
 */
const RUNS = 200;
// 5,000: over 1,000 the p99 swung 2.6–3.4 ms between runs, set by the first few hundred samples
// after the run phases (the database catching up on their writes); later thousands read 0.7–1.7 ms.
const OVERHEAD_SAMPLES = 5_000;
const ms = (v: number) => `${v.toFixed(2)} ms`;

function twentyBlocks() {
  const nodes = [{ id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } }];
  const edges: Array<Record<string, string>> = [];
  let last = 's';
  for (let i = 1; i <= 18; i++) {
    nodes.push({
      id: `d${i}`,
      type: 'displayNode',
      position: { x: 0, y: i * 80 },
      data: { label: `Step ${i}`, text: `Step ${i}` } as never,
    });
    edges.push({ id: `e${i}`, source: last, sourceHandle: 'out', target: `d${i}`, targetHandle: 'in' });
    last = `d${i}`;
  }
  nodes.push({ id: 'q', type: 'inputNode', position: { x: 0, y: 2000 }, data: { label: 'Question' } });
  edges.push({ id: 'eq', source: last, sourceHandle: 'out', target: 'q', targetHandle: 'in' });
  return { nodes, edges };
}

export const automationBench: Bench = {
  name: 'automation',
  async run(): Promise<BenchRow[]> {
    const t = await createTestApp();
    try {
      const dev = await makeUser(t, 'bench@school.test');
      const flowId = newId();
      const graph = twentyBlocks();
      await t.database.db.insert(flows).values({
        id: flowId,
        ownerId: dev.id,
        name: 'Twenty blocks',
        ...graph,
        nodesCount: graph.nodes.length,
      });
      const space = { userId: dev.id, orgId: null, isOrgAdmin: false };
      const { data: key } = await createApiKeysService(t.deps).create(space, 'bench');
      const credits = createCreditsService(t.deps);
      await credits.grant({
        to: { kind: 'apiKey', id: key._id },
        amount: parseCredits('100000'),
        idempotencyKey: 'bench',
      });
      const created = await t.call('POST', '/api/tasks', {
        token: dev.token,
        body: { flowId, name: 'Bench' },
      });
      const taskId = created.body.data._id as string;
      const runner = createTaskRunner(t.deps);
      // Runs per key per minute are limited: the bench measures with a fresh key counter per batch.
      const once = async () => {
        const p = await runner.prepare(key.apiKey, taskId);
        const out = await runner.execute(p, { Question: 'Why is the sky blue?' });
        if (out.status !== 200) throw new Error(`run failed: ${JSON.stringify(out.body.error)}`);
      };
      const reset = () => t.database.db.execute(sql`delete from rate_limits`);
      for (let i = 0; i < 20; i++) await once();
      await reset();

      const serial: number[] = [];
      let started = performance.now();
      for (let i = 0; i < RUNS / 2; i++) {
        const t0 = performance.now();
        await once();
        serial.push(performance.now() - t0);
        if (i % 100 === 99) await reset();
      }
      const serialRate = serial.length / ((performance.now() - started) / 1000);
      await reset();
      const parallel: number[] = [];
      let next = 0;
      started = performance.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next++ < RUNS / 2) {
            const t0 = performance.now();
            await once();
            parallel.push(performance.now() - t0);
          }
        }),
      );
      const parallelRate = parallel.length / ((performance.now() - started) / 1000);
      await reset();

      // Overhead: authentication + charging of one run, without the flow.
      const fee = parseCredits(TASK_RUN_FEE);
      const overhead: number[] = [];
      for (let i = 0; i < OVERHEAD_SAMPLES; i++) {
        if (i % 100 === 0) await reset();
        const t0 = performance.now();
        await runner.prepare(key.apiKey, taskId);
        await credits.charge({
          payer: { kind: 'apiKey', id: key._id },
          amount: fee,
          idempotencyKey: `o-${i}`,
        });
        overhead.push(performance.now() - t0);
      }
      const floor: number[] = [];
      for (let i = 0; i < OVERHEAD_SAMPLES * 3; i++) {
        const t0 = performance.now();
        await t.database.db.execute(sql`select 1`);
        floor.push(performance.now() - t0);
      }
      floor.sort((a, b) => a - b);
      const s = [...serial].sort((a, b) => a - b);
      const p = [...parallel].sort((a, b) => a - b);
      const o = [...overhead].sort((a, b) => a - b);
      const engine = t.database.kind === 'pglite' ? 'PGlite in memory' : 'PostgreSQL (TEST_DATABASE_URL)';
      const note = `automation: ${engine}, offline provider, load average ${loadavg()[0].toFixed(1)} (shared machine: noisy)`;
      return [
        {
          figure: 'task runs/s, 20-block flow, one at a time',
          value: serialRate.toFixed(0),
          target: '',
          withinTarget: null,
          notes: [note],
        },
        {
          figure: 'task run p50 / p99, one at a time',
          value: `${ms(pct(s, 50))} / ${ms(pct(s, 99))}`,
          target: '',
          withinTarget: null,
        },
        { figure: 'task runs/s, 8 at once', value: parallelRate.toFixed(0), target: '', withinTarget: null },
        {
          figure: 'task run p50 / p99, 8 at once',
          value: `${ms(pct(p, 50))} / ${ms(pct(p, 99))}`,
          target: '',
          withinTarget: null,
        },
        {
          figure: 'key auth + charging per run, p50 / p99',
          value: `${ms(pct(o, 50))} / ${ms(pct(o, 99))}`,
          target: '≤ 3 ms p99',
          withinTarget: pct(o, 99) <= 3,
        },
        {
          figure: 'floor: one select 1 round trip, p50 / p99 / p99.9',
          value: `${ms(pct(floor, 50))} / ${ms(pct(floor, 99))} / ${ms(pct(floor, 99.9))}`,
          target: '',
          withinTarget: null,
        },
      ];
    } finally {
      await t.close();
    }
  },
};
