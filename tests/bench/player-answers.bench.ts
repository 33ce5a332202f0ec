import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { startServer } from '../e2e/server';
import { oneQuestionQuiz } from '../fixtures/flows/graph';
import { type Bench, type BenchRow, percentile } from './bench';

/**
 * A whole class answering at once: LEARNERS public-link learners each send ANSWERS answers (an
 * answered + completed statement pair per request, as the player's outbox does), one after another,
 * all learners at the same time, to the real server in its own process: on PGlite (its data folder)
 * and, when TEST_DATABASE_URL names a throwaway PostgreSQL, on it too (emptied first). Prints
 * answers/s, p50/p99, the mean time per server stage from the route's Server-Timing header, and
 * counts the stored statements afterwards (nothing lost, nothing twice).
 * PLAYER_ANSWERS_ENGINES=pg|pglite runs one engine; PLAYER_ANSWERS=<n> answers per learner.
 */
const LEARNERS = 200;
const ANSWERS = Number(process.env.PLAYER_ANSWERS) || 10;
const PG_TARGET = 1500;
const PGLITE_TARGET = 500;
const P99_TARGET_MS = 300;

const LESSON = oneQuestionQuiz({ label: 'Quiz', question: 'Bench?', options: ['Yes', 'No'], answer: 'Yes' });

type Json = Record<string, unknown>;

/** `stage;dur=1.2, other;dur=3` → { stage: 1.2, other: 3 }. */
function serverTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of header?.split(',') ?? []) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.startsWith('dur='));
    if (name && dur) out[name] = Number(dur.slice(4));
  }
  return out;
}

async function measure(engine: 'PGlite' | 'PostgreSQL', url?: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowlearn-answers-'));
  if (url) {
    const pg = await openDatabase({ url });
    await pg.truncateAll();
    await pg.close();
  }
  const server = await startServer({
    dataDir,
    env: { LOG_LEVEL: 'warn', ...(url ? { DATABASE_URL: url } : {}) },
  });
  let assignmentId = '';
  const rows: BenchRow[] = [];
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(server.url(`/api/${path}`), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        json: (await res.json()) as Json,
        timing: res.headers.get('server-timing'),
      };
    };
    const login = await post('auth/login', { email: 'demo@flowlearn.local', password: 'flowlearn-demo' });
    const token = login.json.accessToken as string;
    const flow = await post('flows', { name: 'Bench flow', ...LESSON }, token);
    const flowId = (flow.json.data as Json)._id as string;
    const made = await post(
      'assignment',
      { name: 'Bench', flowIds: [flowId], unitUsageOption: 'PAY_BY_ME' },
      token,
    );
    assignmentId = (made.json.data as Json)._id as string;
    const code = (await post(`assignment/${assignmentId}/access-link`, {}, token)).json.code as string;

    let seq = 0;
    const statement = (n: number, answer: number, completed: boolean) => ({
      id: `00000000-0000-4000-8000-${String(seq++).padStart(12, '0')}`,
      actor: { name: 'x', mbox: 'mailto:x@x.test' },
      verb: {
        id: `http://adlnet.gov/expapi/verbs/${completed ? 'completed' : 'answered'}`,
        display: { 'en-US': 'answered' },
      },
      object: { objectType: 'Activity', id: `${server.origin}/viewer/flows/${flowId}/nodes/q${answer}` },
      result: { response: `answer ${n}.${answer}`, score: { raw: 1, min: 0, max: 1 } },
      timestamp: new Date().toISOString(),
    });
    const latencies: number[] = [];
    const stages = new Map<string, number>();
    let failed = 0;
    const answer = async (n: number, a: number, timed: boolean) => {
      const s = performance.now();
      const res = await post(`player/public/${code}/flow/${flowId}/statements`, {
        statements: [statement(n, a, false), statement(n, a, true)],
        learner: { id: `bench-learner-${n}` },
      });
      if (res.status !== 200) failed++;
      if (!timed) return;
      latencies.push(performance.now() - s);
      for (const [k, v] of Object.entries(serverTiming(res.timing))) stages.set(k, (stages.get(k) ?? 0) + v);
    };
    // One answer each first (not timed): the class opening the question, the server's JIT warming up.
    await Promise.all(Array.from({ length: LEARNERS }, (_, n) => answer(n, 0, false)));
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: LEARNERS }, async (_, n) => {
        for (let a = 1; a <= ANSWERS; a++) await answer(n, a, true);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const perSecond = (LEARNERS * ANSWERS) / seconds;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const mean = (v: number) => (v / latencies.length).toFixed(2);
    const handler = stages.get('total') ?? 0;
    const clientMean = latencies.reduce((x, y) => x + y, 0);
    const breakdown = [...stages].filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${mean(v)}`);
    const target = engine === 'PostgreSQL' ? PG_TARGET : PGLITE_TARGET;
    rows.push({
      figure: `${LEARNERS} learners answering at once, ${ANSWERS} answers each (2 statements per answer), ${engine}`,
      value: `${Math.round(perSecond)} answers/s, p50 ${Math.round(p50)} / p99 ${Math.round(p99)} ms`,
      target: engine === 'PostgreSQL' ? `≥ ${target}/s, p99 ≤ ${P99_TARGET_MS} ms` : `≥ ${target}/s`,
      withinTarget: perSecond >= target && (engine === 'PGlite' || p99 <= P99_TARGET_MS),
      notes: [
        `${engine}: ${LEARNERS * ANSWERS} answers in ${seconds.toFixed(2)} s; ${failed} failed`,
        `${engine}: mean ms per answer in the handler: ${breakdown.join(', ')}; handler total ${mean(handler)}`,
        `${engine}: mean ms per answer outside the handler (queue, HTTP, middleware, response): ${mean(clientMean - handler)}`,
      ],
    });
  } finally {
    await server.stop();
  }
  // Nothing lost, nothing twice: the stored statements of the assignment, counted after the server stopped.
  const db = await openDatabase(url ? { url } : { pgliteDir: join(dataDir, 'db') });
  try {
    const result = (await db.db.execute(
      sql`select count(*)::int as n, count(distinct statement_id)::int as d from lrs_statements where assignment_id = ${assignmentId}`,
    )) as unknown as { rows: Array<{ n: number; d: number }> };
    const { n, d } = result.rows[0];
    const expected = LEARNERS * (ANSWERS + 1) * 2;
    rows.push({
      figure: `${engine}: statements stored after the run (expected ${expected})`,
      value: `${n} (${d} distinct)`,
      target: `${expected}`,
      withinTarget: n === expected && d === expected,
    });
    if (url) await db.truncateAll();
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export const playerAnswersBench: Bench = {
  name: 'player-answers',
  async run() {
    const only = process.env.PLAYER_ANSWERS_ENGINES;
    const url = process.env.TEST_DATABASE_URL;
    const rows: BenchRow[] = [];
    if (only !== 'pg') rows.push(...(await measure('PGlite')));
    if (url && only !== 'pglite') rows.push(...(await measure('PostgreSQL', url)));
    return rows;
  },
};
