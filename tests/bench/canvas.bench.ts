import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/browser';
import { startServer } from '../e2e/server';
import { type Bench, type BenchRow, median } from './bench';
import { benchGraph } from './canvas.data';
import { historyMemory } from './canvas.history';
import {
  blockNearCentre,
  emptyPanePoint,
  FIRST_RENDER_SCRIPT,
  firstRender,
  roomToTheRight,
  scriptedDrag,
  timeUndo,
} from './canvas.page';

/**
 * The flow editor in headless Chromium (tablet viewport, 1024×768) against the real server: flows of
 * 100, 1,000 and 5,000 blocks with valid links are created through the API in a fresh data folder,
 * then each is opened (time to first render, median of RUNS), a block is dragged and the canvas is
 * panned for FRAMES frames each (requestAnimationFrame deltas in the page). The history figures come
 * from Node (see canvas.history.ts).
 */
// CANVAS_BENCH_SIZES=1000 runs one size (while working on the canvas).
const SIZES = (process.env.CANVAS_BENCH_SIZES ?? '100,1000,5000').split(',').map(Number);
const RUNS = 3;
const FRAMES = 60;
const OPEN_TARGET: Record<number, number> = { 1000: 1000, 5000: 4000 };
const FRAME_TARGET = 16.7;
const HISTORY_TARGET = 10 * 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
// requestAnimationFrame deltas come in whole frames with vsync jitter (16.6–16.9 ms for one frame), so
// a frame time counts as within the one-frame target unless it is past 1.25 frames, i.e. a frame was dropped.
const FRAME_SLACK = 1.25;
const row = (figure: string, value: number, target?: number, notes?: string[]): BenchRow => ({
  figure,
  value: ms(value),
  target: target === undefined ? '' : `≤ ${ms(target)}`,
  withinTarget:
    target === undefined ? null : value <= (target === FRAME_TARGET ? target * FRAME_SLACK : target),
  notes,
});

const framesNote = (what: string, deltas: number[]) =>
  `${what}: ${deltas.length} frames, ${deltas.filter((d) => d > 20).length} longer than 20 ms (${deltas
    .filter((d) => d > 20)
    .map((d) => d.toFixed(0))
    .join(', ')})`;

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
      const opens: number[] = [];
      let drawn = 0;
      for (let i = 0; i < RUNS; i++) {
        await page.goto(path);
        const r = await firstRender(page);
        opens.push(r.ms);
        drawn = r.nodes;
      }
      const label = `${size.toLocaleString('en-GB')} blocks`;
      rows.push(
        row(`${label}: open → blocks in view drawn (median of ${RUNS})`, median(opens), OPEN_TARGET[size], [
          `${label}: opens ${opens.map(ms).join(', ')}; ${drawn} blocks drawn in view of ${size}`,
        ]),
      );
      await page.waitForTimeout(500);
      const block = await blockNearCentre(page);
      if (!block) throw new Error('no block in view to drag');
      // Within the view: a drag that reaches the edge also auto-pans the canvas, measured below.
      const room = await roomToTheRight(page, block);
      const step = Math.min(5, room / FRAMES);
      const drag = (await scriptedDrag(page, block, FRAMES, step, step / 2)).slice(2);
      rows.push(row(`${label}: drag a block in view, frame p50`, percentile(drag, 50)));
      rows.push(
        row(`${label}: drag a block in view, frame p95`, percentile(drag, 95), FRAME_TARGET, [
          framesNote(`${label} drag (${(step * FRAMES).toFixed(0)} px)`, drag),
        ]),
      );
      const edge = await blockNearCentre(page);
      if (!edge) throw new Error('no block in view to drag to the edge');
      const edgeDrag = (await scriptedDrag(page, edge, FRAMES, 8, 1)).slice(2);
      rows.push(
        row(
          `${label}: drag a block past the edge (auto-pan), frame p95`,
          percentile(edgeDrag, 95),
          undefined,
          [framesNote(`${label} drag past the edge`, edgeDrag)],
        ),
      );
      if (size === 1000) rows.push(row(`${label}: one undo (Ctrl+Z → next frame)`, await timeUndo(page)));
      const pane = await emptyPanePoint(page);
      if (!pane) throw new Error('no empty pane point to pan from');
      const pan = (await scriptedDrag(page, pane, FRAMES, -6, -3)).slice(2);
      rows.push(row(`${label}: pan, frame p50`, percentile(pan, 50)));
      rows.push(
        row(`${label}: pan, frame p95`, percentile(pan, 95), FRAME_TARGET, [framesNote(`${label} pan`, pan)]),
      );
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
