import { cpus, loadavg } from 'node:os';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { type Bench, type BenchRow, percentile } from './bench';
import { benchDeps, onPglite, onPostgres } from './bench-app';
import { random, seed, TOOLS, TOPICS } from './tool-search.seed';

const SEARCHES = 200;
const WARMUP = 20;
const TARGET_MS = 20;

const ms = (v: number) => `${v.toFixed(1)} ms`;

/**
 * What people type, in proportions we expect of an explorer: whole topic words, the start of one (the
 * 1 s debounce fires mid-word), two words, a tag with or without a word, and one search in ten that
 * full-text search cannot answer (a typo or the middle of a word), which takes the substring scan.
 */
function queries(rnd: (n: number) => number, tagIds: string[]): Array<{ kind: string; qs: string }> {
  const topic = () => TOPICS[rnd(TOPICS.length)].toLowerCase();
  const tag = () => tagIds[rnd(tagIds.length)];
  const make: Record<string, () => string> = {
    word: () => `keyword=${topic()}`,
    prefix: () => `keyword=${topic().slice(0, 3 + rnd(3))}`,
    'two words': () =>
      `keyword=${encodeURIComponent(`${topic()} ${['quiz', 'coach', 'lab', 'practice'][rnd(4)]}`)}`,
    tag: () => `tagId=${tag()}`,
    'tag + word': () => `tagId=${tag()}&keyword=${topic()}`,
    'typo or part of a word': () => `keyword=${rnd(2) ? topic().slice(2, 7) : `${topic()}x`}`,
  };
  const mix = [
    ...Array(6).fill('word'),
    ...Array(5).fill('prefix'),
    ...Array(3).fill('two words'),
    'tag',
    'tag + word',
    'tag + word',
    'typo or part of a word',
    'typo or part of a word',
    'word',
  ] as string[];
  return Array.from({ length: SEARCHES }, (_, i) => {
    const kind = mix[i % mix.length];
    return { kind, qs: `${make[kind]()}&limit=1000` };
  });
}

/** Seeds one database and runs the searches through the real app; returns the figures. */
async function measure(database: Database, engine: string): Promise<BenchRow[]> {
  const deps = await benchDeps(database);
  const app = createApp(deps);
  const rnd = random(7);
  const { token, orgId, tagIds } = await seed(deps, rnd);
  const headers = { Authorization: `Bearer ${token}`, orgId };
  // Timed until the whole body has arrived; parsing it is the client's work, done after the clock stops.
  // This process's CPU time too: with PGlite the database runs in-process, so it is close to the
  // latency on an idle machine when other work competes for the cores.
  const run = async (qs: string) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await app.request(`/api/tool/search?${qs}`, { headers });
    const text = await res.text();
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (res.status !== 200) throw new Error(`search ${qs}: ${res.status} ${text.slice(0, 200)}`);
    const returned = (JSON.parse(text) as { tools: unknown[] }).tools.length;
    return { ms: elapsed, cpuMs: (used.user + used.system) / 1000, returned };
  };
  const plan = queries(rnd, tagIds);
  for (const q of plan.slice(0, WARMUP)) await run(q.qs);
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const cpu: number[] = [];
  const returned: number[] = [];
  for (const q of plan) {
    const r = await run(q.qs);
    all.push(r.ms);
    cpu.push(r.cpuMs);
    returned.push(r.returned);
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), r.ms]);
  }
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const times = sorted(all);
  const sizes = sorted(returned);
  const p95 = percentile(times, 95);
  const cpuTimes = sorted(cpu);
  const load = loadavg()[0].toFixed(1);
  const notes = [
    `tool search (${engine}): ${SEARCHES} searches over ${TOOLS} tools in one organisation, through app.request; load average ${load} on ${cpus().length} cores`,
    `tool search (${engine}): CPU time of this process per search: p50 ${ms(percentile(cpuTimes, 50))}, p95 ${ms(percentile(cpuTimes, 95))}${engine === 'PGlite' ? ' (the database included)' : ' (the database server not included)'}`,
    `tool search (${engine}): tools returned per search: median ${percentile(sizes, 50)}, p95 ${percentile(sizes, 95)}, max ${sizes.at(-1)}`,
    ...[...byKind].map(([kind, v]) => {
      const s = sorted(v);
      return `tool search (${engine}), ${kind} ×${v.length}: p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}`;
    }),
  ];
  return [
    {
      figure: `tool search p50, ${engine}`,
      value: ms(percentile(times, 50)),
      target: '',
      withinTarget: null,
    },
    {
      figure: `tool search p95, ${engine}`,
      value: ms(p95),
      target: `≤ ${TARGET_MS} ms`,
      withinTarget: p95 <= TARGET_MS,
      notes,
    },
  ];
}

/**
 * PGlite in memory, the embedded default; also PostgreSQL when TEST_DATABASE_URL names a throwaway
 * test database (it is emptied before and after, as the API tests do).
 */
export const toolSearchBench: Bench = {
  name: 'tool-search',
  async run(): Promise<BenchRow[]> {
    const rows = await onPglite(measure);
    rows.push(...(await onPostgres(measure)));
    return rows;
  },
};
