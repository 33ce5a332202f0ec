import type { Page } from 'playwright-core';
import { benchGraph } from '../bench/canvas.data';
import { api, openFlow, signIn, zoomOf } from './canvas-scale.e2e';
import { defineE2E, expect, expectEqual, test } from './harness';

/**
 * A large flow hands xyflow only the blocks and links around the view. Dragging a block past the
 * edge pans the canvas into parts xyflow was not given at first: the block must still land under the
 * pointer, its links must still end on its handles, and an undo must put it back.
 */

const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';
const graph = benchGraph(1000);

/** The block nearest the centre of the canvas: its id and the centre of its header. */
const blockNearCentre = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector('.react-flow')!.getBoundingClientRect();
    let best: { id: string; x: number; y: number; d: number } | null = null;
    for (const n of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
      const r = n.querySelector('.flow-node__top')!.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const d = Math.hypot(x - (c.left + c.width / 2), y - (c.top + c.height / 2));
      if (!best || d < best.d) best = { id: n.dataset.id ?? '', x, y, d };
    }
    return best;
  });

/** For each drawn link, the screen distance from its nearer end to the nearest handle of block `id`. */
const linkGaps = (page: Page, id: string) =>
  page.evaluate((nodeId) => {
    const node = document.querySelector(`.react-flow__node[data-id="${nodeId}"]`);
    const handles = [...(node?.querySelectorAll<HTMLElement>('.react-flow__handle') ?? [])].map((h) => {
      const r = h.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    const gaps: number[] = [];
    for (const path of document.querySelectorAll<SVGPathElement>(
      '.react-flow__edge path.react-flow__edge-path',
    )) {
      const ctm = path.getScreenCTM();
      if (!ctm) continue;
      // No named helper functions in here: tsx would wrap them in a __name the page does not have.
      const length = path.getTotalLength();
      let gap = Number.POSITIVE_INFINITY;
      for (const len of [0, length]) {
        const at = path.getPointAtLength(len);
        const p = new DOMPoint(at.x, at.y).matrixTransform(ctm);
        for (const h of handles) gap = Math.min(gap, Math.hypot(p.x - h.x, p.y - h.y));
      }
      gaps.push(gap);
    }
    return gaps;
  }, id);

/** Presses Save and waits until the server has the block at the place `check` accepts. */
async function savedWhere(
  page: Page,
  url: (p: string) => string,
  token: string,
  flowId: string,
  id: string,
  check: (p: { x: number; y: number }) => boolean,
) {
  await page.keyboard.press(`${MOD}+s`);
  let last: { x: number; y: number } | undefined;
  for (let i = 0; i < 60; i++) {
    const flow = await api(url, token, 'GET', `flows/${flowId}`);
    last = (flow.data.nodes as unknown as typeof graph.nodes).find((n) => n.id === id)?.position;
    if (last && check(last)) return last;
    await page.waitForTimeout(500);
  }
  throw new Error(`the server has the block at ${JSON.stringify(last)}`);
}

export default defineE2E([
  test(
    '[CANVAS] auto-pan on a 1,000-block flow: the dragged block lands under the pointer, its links follow, undo puts it back',
    async ({ page, url, screenshot }) => {
      const token = await signIn(page, url);
      const flowId = await openFlow(page, url, token, { name: 'Auto-pan flow', ...graph });
      await page.locator('[data-testid="flow-lod"][data-drawn="1000"]').waitFor();
      const box = (await page.locator('.react-flow').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 30 && (await zoomOf(page)) < 1; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(50);
      }
      await page.getByTestId('flow-node').first().waitFor();
      await page.waitForTimeout(300);

      const start = (await blockNearCentre(page))!;
      const before = graph.nodes.find((n) => n.id === start.id)!.position;
      // Past the right edge, held there while xyflow pans the canvas under the block for a while.
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      const end = { x: box.x + box.width - 10, y: start.y + 20 };
      await page.mouse.move(end.x, end.y, { steps: 30 });
      for (let i = 0; i < 40; i++) await page.mouse.move(end.x, end.y + (i % 2));
      await page.waitForTimeout(1500);
      await page.mouse.up();
      await page.waitForTimeout(300);
      await screenshot('dropped');

      // The grab point (the header's centre) is where the pointer let go, give or take the last step
      // of xyflow's auto-pan (15 screen px a frame), which the block follows a frame later.
      const header = await page
        .locator(`.react-flow__node[data-id="${start.id}"] .flow-node__top`)
        .boundingBox();
      expect(header, 'the dragged block is drawn after the drop');
      const gx = header.x + header.width / 2 - end.x;
      const gy = header.y + header.height / 2 - (end.y + 1);
      expect(Math.abs(gx) <= 17 && Math.abs(gy) <= 2, `the block is off the pointer by ${gx}, ${gy} px`);

      // Its links are drawn and end on its handles: xyflow ends a link at the handle's outer side, up
      // to half a handle (7 px) from its centre.
      const links = graph.edges.filter((e) => e.source === start.id || e.target === start.id).length;
      expect(links > 0, 'the block has links');
      const gaps = await linkGaps(page, start.id);
      const onHandles = gaps.filter((d) => d <= 9).length;
      expectEqual(
        onHandles,
        links,
        `links ending on the block's handles (gaps ${gaps.map((g) => g.toFixed(1))})`,
      );

      // Saved where it was dropped, far from where it was: the canvas panned under it.
      const zoom = await zoomOf(page);
      const far = (end.x - start.x) / zoom + 100;
      await savedWhere(page, url, token, flowId, start.id, (p) => p.x - before.x > far);

      // One undo puts it back where it was.
      await page.keyboard.press(`${MOD}+z`);
      const back = await savedWhere(page, url, token, flowId, start.id, (p) => p.x === before.x);
      expectEqual(`${back.x},${back.y}`, `${before.x},${before.y}`, 'the block back after undo');
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 180_000 },
  ),
]);
