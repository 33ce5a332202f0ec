import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/server';
import { freePort } from '../e2e/util';
import { type Bench, type BenchRow, median } from './bench';
import { type LighthousePage, seedPages, signInCookies } from './lighthouse.pages';

/**
 * Lighthouse (npm) on Debian's Chromium against the production build served by the real server with
 * its embedded defaults (PGlite, offline AI, demo seed): mobile form factor, simulated throttling
 * (Lighthouse's defaults: a mid-tier phone, 4× CPU slowdown, slow 4G), a fresh profile per run, median
 * of RUNS per page. Signed-in pages get the cookies a real sign-in sets, nothing more.
 */
const RUNS = 3;

interface RunFigures {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  consoleErrors: string[];
  blamed: { title: string; value: string }[];
}

function buildClient(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the client build failed');
}

/** What Lighthouse says costs the most: its opportunities and diagnostics that failed. */
function blamedAudits(
  audits: Record<string, { score: number | null; title: string; displayValue?: string }>,
) {
  const ids = [
    'render-blocking-resources',
    'unused-javascript',
    'bootup-time',
    'mainthread-work-breakdown',
    'largest-contentful-paint-element',
    'font-display',
    'unminified-css',
    'unused-css-rules',
  ];
  return ids
    .filter((id) => audits[id] && audits[id].score !== null && (audits[id].score ?? 1) < 0.9)
    .map((id) => ({ title: audits[id].title, value: audits[id].displayValue ?? 'failed' }));
}

async function runOnce(url: string, cookies: Awaited<ReturnType<typeof signInCookies>>): Promise<RunFigures> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'flowlearn-bench-lighthouse-'));
  // Debian's Chromium (ARCHITECTURE §7); Lighthouse drives it over the debugging port.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  try {
    if (cookies.length) await context.addCookies(cookies);
    // The profile is new, so there is nothing to reset; a reset would also drop the session cookies.
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'best-practices'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audits = lhr.audits;
    const errors = (
      audits['errors-in-console']?.details as { items?: { description?: string; url?: string }[] }
    )?.items;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      consoleErrors: (errors ?? []).map((e) => `${e.description ?? ''} ${e.url ?? ''}`.trim()),
      blamed: blamedAudits(audits as never),
    };
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One line per audit Lighthouse blamed in any run, with what each run measured. */
function blamedNotes(name: string, runs: RunFigures[]): string[] {
  const byTitle = new Map<string, string[]>();
  for (const run of runs)
    for (const b of run.blamed) byTitle.set(b.title, [...(byTitle.get(b.title) ?? []), b.value]);
  return [...byTitle].map(([title, values]) => `${name} blamed: ${title}: ${values.join(' · ')}`);
}

const ms = (v: number) => `${Math.round(v)} ms`;
const s = (v: number) => `${(v / 1000).toFixed(2)} s`;

function pageRow(page: LighthousePage, runs: RunFigures[]): BenchRow {
  const score = median(runs.map((r) => r.score));
  const errors = Math.max(...runs.map((r) => r.consoleErrors.length));
  const [tbt, lcp, fcp] = (['tbt', 'lcp', 'fcp'] as const).map((k) => median(runs.map((r) => r[k])));
  return {
    figure: `Lighthouse mobile ${page.name}: score · TBT · LCP · FCP · console errors (median of ${RUNS})`,
    value: `${score} · ${ms(tbt)} · ${s(lcp)} · ${s(fcp)} · ${errors}`,
    target: `score ≥ ${page.minScore}, no console error`,
    withinTarget: score >= page.minScore && errors === 0,
    notes: [
      `${page.name} (${page.path}) scores: ${runs.map((r) => r.score).join(', ')}`,
      ...[...new Set(runs.flatMap((r) => r.consoleErrors))].map((e) => `${page.name} console error: ${e}`),
      ...blamedNotes(page.name, runs),
    ],
  };
}

export const lighthouseBench: Bench = {
  name: 'lighthouse',
  async run() {
    buildClient();
    const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
    const rows: BenchRow[] = [];
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    try {
      const pages = (await seedPages(server)).filter((p) => !only || only.some((o) => p.name.includes(o)));
      for (const page of pages) {
        // The first request after a start is the server's own cold path, not the page's.
        await fetch(server.url(page.path)).then((r) => r.arrayBuffer());
        const runs: RunFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          const cookies = page.signedIn ? await signInCookies(server) : [];
          runs.push(await runOnce(server.url(page.path), cookies));
        }
        rows.push(pageRow(page, runs));
      }
    } finally {
      await server.stop();
    }
    const load = loadavg().map((l) => l.toFixed(2));
    rows.push({
      figure: 'load average after the Lighthouse runs (1 / 5 / 15 min)',
      value: load.join(' / '),
      target: '',
      withinTarget: null,
    });
    return rows;
  },
};
