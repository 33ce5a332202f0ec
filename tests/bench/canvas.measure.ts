import type { Page } from 'playwright-core';
import { type BenchRow, median } from './bench';
import { mainThreadWork, workNote } from './canvas.cpu';
import {
  blockNearCentre,
  emptyPanePoint,
  firstRender,
  paneCentre,
  readZoom,
  roomToTheRight,
  scriptedDrag,
  timeUndo,
  wheelFrames,
  zoomInTo,
} from './canvas.page';
import { frameRule, judge, type TFrameRule } from './frame-rule';

/** The figures of one flow size in the page, opened at `path` (see canvas.bench.ts). */
const RUNS = 3;
const FRAMES = 60;
const OPEN_TARGET: Record<number, number> = { 1000: 1000, 5000: 1500 };
// Undo and redo reach the next frame at every size; auto-pan holds one frame up to 1,000 blocks
// and two at 5,000.
const ONE_FRAME = frameRule(1);
const autoPanRule = (size: number) => frameRule(size > 1000 ? 2 : 1);

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
export const row = (
  figure: string,
  value: number,
  target?: number | TFrameRule,
  notes?: string[],
): BenchRow => ({ figure, value: ms(value), ...judge(value, target), notes });

const framesNote = (what: string, deltas: number[]) =>
  `${what}: ${deltas.length} frames, ${deltas.filter((d) => d > 20).length} longer than 20 ms (${deltas
    .filter((d) => d > 20)
    .map((d) => d.toFixed(0))
    .join(', ')})`;

const frameRows = (label: string, deltas: number[], target = ONE_FRAME, extra: string[] = []): BenchRow[] => [
  row(`${label}, frame p50`, percentile(deltas, 50)),
  row(`${label}, frame p95`, percentile(deltas, 95), target, [framesNote(label, deltas), ...extra]),
];

async function panAndZoom(page: Page, label: string, rows: BenchRow[], zoomStep: number) {
  const pane = await emptyPanePoint(page);
  if (!pane) throw new Error(`${label}: no empty pane point to pan from`);
  rows.push(...frameRows(`${label}: pan`, (await scriptedDrag(page, pane, FRAMES, -6, -3)).slice(2)));
  await page.waitForTimeout(300);
  const zoom = (await wheelFrames(page, await paneCentre(page), FRAMES, zoomStep)).slice(2);
  rows.push(...frameRows(`${label}: wheel zoom`, zoom));
  await page.waitForTimeout(300);
}

export async function measureSize(page: Page, path: string, size: number, rows: BenchRow[]) {
  const opens: number[] = [];
  let drawn = 0;
  for (let i = 0; i < RUNS; i++) {
    await page.goto(path);
    const r = await firstRender(page);
    opens.push(r.ms);
    drawn = r.nodes;
  }
  const label = `${size.toLocaleString('en-GB')} blocks`;
  const fitted = await readZoom(page);
  rows.push(
    row(`${label}: open fitted → blocks drawn (median of ${RUNS})`, median(opens), OPEN_TARGET[size], [
      `${label}: opens ${opens.map(ms).join(', ')}; ${drawn} blocks drawn of ${size} in the flow, zoom ${fitted.toFixed(3)}`,
    ]),
  );
  await page.waitForTimeout(500);
  await panAndZoom(page, `${label} fitted`, rows, 20);

  // Back to the whole flow (Shift+1), so zooming in at the centre lands on blocks.
  await page.keyboard.press('Shift+Digit1');
  await page.waitForTimeout(500);
  const zoomed = await zoomInTo(page, 1);
  rows.push({ figure: `${label}: zoomed in to`, value: zoomed.toFixed(2), target: '', withinTarget: null });
  await panAndZoom(page, `${label} zoomed in`, rows, 10);

  const block = await blockNearCentre(page);
  if (!block) {
    const drawn = await page.locator('.react-flow__node').count();
    throw new Error(`${label}: no block in view to drag (zoom ${await readZoom(page)}, ${drawn} drawn)`);
  }
  // Within the view: a drag that reaches the edge also auto-pans the canvas, measured below.
  const room = await roomToTheRight(page, block);
  const step = Math.min(5, room / FRAMES);
  const drag = await mainThreadWork(page, () => scriptedDrag(page, block, FRAMES, step, step / 2));
  rows.push(
    ...frameRows(`${label}: drag a block in view`, drag.result.slice(2), ONE_FRAME, [
      workNote(`${label} drag in view, ${FRAMES} frames`, drag),
    ]),
  );
  await page.waitForTimeout(300);
  const undoRun = await mainThreadWork(page, async () => {
    const steps: { frameMs: number; scriptMs: number }[] = [];
    for (let i = 0; i < 3; i++) {
      steps.push(await timeUndo(page));
      steps.push(await timeUndo(page, true));
    }
    return steps;
  });
  const steps = undoRun.result;
  const undos = steps.map((s) => s.frameMs);
  rows.push(
    row(`${label}: one undo or redo → next painted frame (median of 6)`, median(undos), ONE_FRAME, [
      `${label} undo/redo: ${undos.map(ms).join(', ')}; the page's script for each (key → React rendered): ${steps
        .map((s) => ms(s.scriptMs))
        .join(', ')}`,
      workNote(`${label} 6 undos and redos`, undoRun),
    ]),
  );
  const edge = await blockNearCentre(page);
  if (!edge) throw new Error('no block in view to drag to the edge');
  const pan = await mainThreadWork(page, () => scriptedDrag(page, edge, FRAMES, 8, 1));
  rows.push(
    ...frameRows(`${label}: drag a block past the edge (auto-pan)`, pan.result.slice(2), autoPanRule(size), [
      workNote(`${label} auto-pan drag, ${FRAMES} frames`, pan),
    ]),
  );
}
