import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/browser';
import { startServer } from '../e2e/server';
import type { Bench, BenchRow } from './bench';
import { benchGraph } from './canvas.data';
import { historyMemory } from './canvas.history';
import { measureSize, row } from './canvas.measure';
import { FIRST_RENDER_SCRIPT } from './canvas.page';

/**
 * The flow editor in headless Chromium (tablet viewport, 1024×768) against the real server: flows of
 * 100, 1,000 and 5,000 blocks with valid links are created through the API in a fresh data folder,
 * then each is opened fitted (time until the blocks are drawn, median of 3), panned and wheel-zoomed
 * fitted and zoomed in, a block is dragged within the view and past its edge (auto-pan) and the drag
 * undone and redone, for 60 frames each (requestAnimationFrame deltas in the page; canvas.measure.ts). The history figures come
 * from Node (see canvas.history.ts).
 */
// CANVAS_BENCH_SIZES=1000 runs one size (while working on the canvas).
const SIZES = (process.env.CANVAS_BENCH_SIZES ?? '100,1000,5000').split(',').map(Number);
const HISTORY_TARGET = 10 * 1024 * 1024;

function buildClient(): void {
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the client build failed');
}

async function measureBrowser(rows: BenchRow[]): Promise<void> {
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  const browser = await launchBrowser({ viewport: 'tablet' });
  try {
    const { page, context } = browser;
    await page.goto(server.url('/editor/login'));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/explore$/);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    await context.addInitScript(FIRST_RENDER_SCRIPT);
    for (const size of SIZES) {
      const graph = benchGraph(size);
      const res = await fetch(server.url('/api/flows'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${size}`, ...graph }),
      });
      if (res.status !== 201)
        throw new Error(`creating the ${size}-block flow: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { _id: string } };
      const path = server.url(`/editor/personal/projects/no-project/flows/${data._id}`);
      await measureSize(page, path, size, rows);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const canvasBench: Bench = {
  name: 'canvas',
  async run() {
    const rows: BenchRow[] = [];
    const h = historyMemory(1000, 1000);
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
    rows.push({
      figure: `undo history, ${h.snapshots} steps on 1,000 blocks (Node heap after GC)`,
      value: mb(h.bytes),
      target: `≤ ${mb(HISTORY_TARGET)}`,
      withinTarget: h.bytes <= HISTORY_TARGET,
      notes: [
        `history: full copies per step would take ~${mb(h.naiveBytes)} (${(h.naiveBytes / h.bytes).toFixed(0)}× more)`,
      ],
    });
    rows.push(row('undo in the history module (1,000 blocks)', h.undoMs));
    buildClient();
    await measureBrowser(rows);
    return rows;
  },
};
