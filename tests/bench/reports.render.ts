import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/browser';
import { seedReportAssignment, statement } from '../e2e/reports.util';
import { startServer } from '../e2e/server';
import { type BenchRow, median } from './bench';

/** Statements of the assignment whose dashboard is opened; REPORTS_BENCH_RENDER_STATEMENTS for a quicker run. */
const STATEMENTS = Number(process.env.REPORTS_BENCH_RENDER_STATEMENTS ?? 5000);
const RUNS = 5;
const BATCH = 500;
const LEARNERS = 100;
const VERBS = [
  'answered',
  'completed',
  'launched',
  'experienced',
  'progressed',
  'passed',
  'failed',
  'mastered',
];

/**
 * In the page (a string: tsx names inner functions with a helper the page does not have): the time of
 * the click on 'Get Dashboard Data' and of the first statement row in the table, by performance.now().
 */
const TIMING_SCRIPT = `
  document.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (b && b.closest('[data-testid="dashboard"]') && window.dashClick === undefined) window.dashClick = performance.now();
  }, true);
  new MutationObserver(() => {
    if (window.dashClick !== undefined && window.dashRows === undefined &&
        document.querySelector('[data-testid="statements-table"] tbody tr:not(.statements__spacer)'))
      window.dashRows = performance.now();
  }).observe(document, { subtree: true, childList: true });
`;

interface Sample {
  ms: number;
  /** From the click until the last of the three report answers arrived. */
  fetchMs: number;
  rowsInDom: number;
  tableRows: number;
  heapMb: number | null;
  /** Size of the lrs-dashboard answer (decoded) and the Total Statements KPI. */
  answerKb: number;
  kpiTotal: string;
}

const MEASURE_SCRIPT = `(() => {
  const answers = performance.getEntriesByType('resource')
    .filter((e) => /lrs-dashboard|line-chart|top-activities/.test(e.name) && e.startTime >= window.dashClick);
  const table = document.querySelector('[data-testid="statements-table"]');
  return {
    ms: window.dashRows - window.dashClick,
    fetchMs: Math.max(0, ...answers.map((e) => e.responseEnd)) - window.dashClick,
    rowsInDom: table.querySelectorAll('tbody tr:not(.statements__spacer)').length,
    tableRows: Number(table.getAttribute('data-rows')),
    heapMb: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null,
    answerKb: Math.max(0, ...answers.filter((e) => e.name.includes('lrs-dashboard')).map((e) => e.decodedBodySize)) / 1024,
    kpiTotal: document.querySelector('[data-testid="kpi-total"]').textContent,
  };
})()`;

/** The dashboard tab of an assignment with STATEMENTS statements, on a tablet, RUNS times. */
async function openDashboard(url: (p: string) => string, assignmentId: string, limit: number | null) {
  const browser = await launchBrowser({ viewport: 'tablet' });
  try {
    const { page, context } = browser;
    await page.addInitScript(TIMING_SCRIPT);
    // As shipped the page asks the route's default limit; `limit` asks for more (as a larger default would).
    if (limit)
      await context.route(/\/lrs-dashboard(\?|$)/, (route) =>
        route.continue({ url: `${route.request().url().split('?')[0]}?limit=${limit}` }),
      );
    await page.goto(url('/editor/login'));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.press('#login-password', 'Enter');
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      await page.goto(url(`/editor/personal/assignment/${assignmentId}`));
      await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
      await page.getByRole('button', { name: 'Get Dashboard Data' }).click();
      await page.waitForFunction(() => (window as { dashRows?: number }).dashRows !== undefined, null, {
        polling: 'raf',
        timeout: 60_000,
      });
      const sample = (await page.evaluate(MEASURE_SCRIPT)) as Sample;
      if (i > 0) samples.push(sample); // the first visit loads the lazy chunks into the HTTP cache
    }
    return samples;
  } finally {
    await browser.close();
  }
}

/**
 * The LRS dashboard's render time: from the click on 'Get Dashboard Data' until the statements table
 * shows its first rows, measured in the page, with the rows the virtualised table keeps in the DOM.
 */
export async function dashboardRender(): Promise<BenchRow[]> {
  if (!existsSync(join(process.cwd(), 'dist', 'client')))
    return [
      {
        figure: 'dashboard render',
        value: 'n/a',
        target: '',
        withinTarget: null,
        notes: ['run `npm run build` first'],
      },
    ];
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const seeded = await seedReportAssignment(server);
    const t0 = performance.now();
    for (let from = 0; from < STATEMENTS; from += BATCH) {
      const statements = Array.from({ length: Math.min(BATCH, STATEMENTS - from) }, (_, k) => {
        const g = from + k;
        const learner = g % LEARNERS;
        return statement({
          assignmentId: seeded.assignmentId,
          flowId: seeded.flowId,
          name: `Learner ${learner}`,
          email: `learner${learner}@school.test`,
          verb: VERBS[g % 2 === 0 ? g % 3 : g % 8],
          object: `Question ${Math.floor(g / LEARNERS) + 1}`,
          score: g % 7,
          evidence: `answer ${g}`,
        });
      });
      await seeded.xapi.sendStatements({ statements });
    }
    const seedSeconds = (performance.now() - t0) / 1000;
    const loadBefore = loadavg()[0];
    const shipped = await openDashboard(server.url, seeded.assignmentId, null);
    const all = await openDashboard(server.url, seeded.assignmentId, STATEMENTS);
    const loadAfter = loadavg()[0];
    const ms = (v: number) => `${Math.round(v)} ms`;
    const row = (samples: Sample[], label: string, what: string): BenchRow => {
      const times = samples.map((s) => s.ms);
      const last = samples[samples.length - 1];
      return {
        figure: `dashboard: click 'Get Dashboard Data' → first table rows, tablet, ${what} (median of ${RUNS})`,
        value: `${ms(median(times))}; ${last.rowsInDom} of ${last.tableRows.toLocaleString('en-GB')} rows in the DOM`,
        target: 'none (≤ 1 s would suit a teacher)',
        withinTarget: null,
        notes: [
          `dashboard ${label}: ${times.map(ms).join(', ')}; of which waiting for the three answers ${samples.map((s) => ms(s.fetchMs)).join(', ')}; JS heap after ${last.heapMb === null ? 'n/a' : `${last.heapMb.toFixed(1)} MB`}; lrs-dashboard answer ${Math.round(last.answerKb)} KB; Total Statements KPI ${last.kpiTotal}`,
        ],
      };
    };
    const rows = [
      row(shipped, 'as shipped', "as shipped (the route's default limit)"),
      row(
        all,
        `limit=${STATEMENTS}`,
        `all ${STATEMENTS.toLocaleString('en-GB')} statements asked (?limit=${STATEMENTS})`,
      ),
    ];
    rows[1].notes?.push(
      `dashboard: ${STATEMENTS.toLocaleString('en-GB')} statements of ${LEARNERS} learners posted through /xapi/ in batches of ${BATCH} (${seedSeconds.toFixed(0)} s), server on PGlite; Chromium 1024×768, signed in, one warm-up visit then ${RUNS}; load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after on ${cpus().length} cores`,
    );
    return rows;
  } finally {
    await server.stop();
  }
}
