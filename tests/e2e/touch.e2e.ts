import type { CDPSession, Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, sleep, test } from './harness';

/**
 * A teacher builds a flow on a tablet with fingers only (issue 20 item 4). Touches go through the
 * browser's own input pipeline (CDP Input.dispatchTouchEvent), so touch-action, scrolling and the
 * pointer events it derives are the real ones, not synthetic DOM events.
 */

type Point = { x: number; y: number };

async function signIn(page: Page, url: (p: string) => string): Promise<string> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.press('#login-password', 'Enter');
  await page.waitForURL(/\/explore$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token, 'an access token in sessionStorage');
  return token;
}

async function openNewFlow(page: Page, url: (p: string) => string, name: string): Promise<void> {
  const token = await signIn(page, url);
  const res = await fetch(url('/api/flows'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, nodes: [], edges: [] }),
  });
  expectEqual(res.status, 201, 'create a flow');
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  await page.goto(url(`/editor/personal/projects/no-project/flows/${id}`));
  await page.locator('.flow-canvas').waitFor();
}

/** One finger: down, a hold, a slide in small steps (first straight to `via`, if given), up. */
function finger(cdp: CDPSession) {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  return async (
    start: Point,
    to: Point,
    { holdMs = 0, steps = 12, via }: { holdMs?: number; steps?: number; via?: Point } = {},
  ) => {
    await send('touchStart', start);
    if (holdMs) await sleep(holdMs);
    let from = start;
    if (via) {
      for (let i = 1; i <= steps; i++) {
        await send('touchMove', {
          x: start.x + ((via.x - start.x) * i) / steps,
          y: start.y + ((via.y - start.y) * i) / steps,
        });
        await sleep(16);
      }
      from = via;
    }
    for (let i = 1; i <= steps; i++) {
      await send('touchMove', {
        x: from.x + ((to.x - from.x) * i) / steps,
        y: from.y + ((to.y - from.y) * i) / steps,
      });
      await sleep(16);
    }
    await send('touchEnd');
    await sleep(100);
  };
}

async function centreOf(page: Page, selector: string): Promise<Point> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is on screen`);
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

async function tapOn(page: Page, selector: string): Promise<void> {
  const p = await centreOf(page, selector);
  await page.touchscreen.tap(p.x, p.y);
}

const entry = (type: string) => `.palette-entry[data-type="${type}"]`;
const blocks = (page: Page) => page.locator('.react-flow__node').count();
const listTop = (page: Page) => page.locator('.flow-palette__list').evaluate((e) => e.scrollTop);

/** The block of this type sits where the finger let go (its top middle, give or take). */
async function expectPlacedAt(page: Page, type: string, at: Point): Promise<void> {
  const node = page.locator(`.react-flow__node-${type}`).last();
  await node.waitFor();
  const box = await node.boundingBox();
  expect(box, `${type} is drawn`);
  const inside = at.x > box.x && at.x < box.x + box.width && at.y > box.y - 4 && at.y < box.y + box.height;
  expect(inside, `${type} placed at ${JSON.stringify(at)}, drawn at ${JSON.stringify(box)}`);
}

export default defineE2E([
  test(
    '[TOUCH] on a tablet: hold and drag a block downwards, drag by the grip, tap then tap the canvas',
    async ({ page, context, url, screenshot }) => {
      await openNewFlow(page, url, 'Touch e2e');
      const cdp = await context.newCDPSession(page);
      const slide = finger(cdp);

      // A quick vertical swipe still scrolls the list and places nothing.
      const start = await centreOf(page, entry('textMergeNode'));
      await slide(start, { x: start.x, y: start.y - 220 }, { steps: 8 });
      await sleep(400);
      expect((await listTop(page)) > 0, 'a swipe scrolls the block list');
      expectEqual(await blocks(page), 0, 'a swipe places no block');
      await page.locator('.flow-palette__list').evaluate((e) => e.scrollTo(0, 0));
      await sleep(100);

      // Press and hold, then drag downwards and over onto the canvas: the block lands there, the list stays.
      const text = await centreOf(page, entry('textNode'));
      const dropText = { x: 420, y: text.y + 260 };
      await slide(text, dropText, { holdMs: 450, via: { x: text.x, y: text.y + 200 } });
      await expectPlacedAt(page, 'textNode', dropText);
      expectEqual(await listTop(page), 0, 'the list did not scroll under the held block');

      // The grip drags at once, downwards too.
      const grip = await centreOf(page, `${entry('imageNode')} .palette-entry__grip`);
      const dropImage = { x: 620, y: grip.y + 120 };
      await slide(grip, dropImage, { via: { x: grip.x, y: grip.y + 120 } });
      await expectPlacedAt(page, 'imageNode', dropImage);
      expectEqual(await blocks(page), 2, 'two blocks placed by dragging');

      // Tap a block, then tap the canvas.
      await tapOn(page, entry('beginNode'));
      const hint = page.getByTestId('placing-hint');
      await hint.waitFor();
      expect(/Placing Start/.test((await hint.textContent()) ?? ''), `hint: ${await hint.textContent()}`);
      expect(
        await page.locator(entry('beginNode')).evaluate((e) => e.classList.contains('is-placing')),
        'the chosen block is marked in the list',
      );
      await screenshot('placing');
      const spot = { x: 560, y: 200 };
      await page.touchscreen.tap(spot.x, spot.y);
      await expectPlacedAt(page, 'beginNode', spot);
      await hint.waitFor({ state: 'detached' });

      // Escape and Cancel leave placing without a block.
      await tapOn(page, entry('textMergeNode'));
      await hint.waitFor();
      await page.keyboard.press('Escape');
      await hint.waitFor({ state: 'detached' });
      await tapOn(page, entry('textMergeNode'));
      await hint.getByRole('button', { name: 'Cancel' }).tap();
      await hint.waitFor({ state: 'detached' });
      await page.touchscreen.tap(400, 150);
      await sleep(200);
      expectEqual(await blocks(page), 3, 'no block after Escape or Cancel');

      // A drop that misses the canvas says so.
      const missFrom = await centreOf(page, entry('textMergeNode'));
      await slide(missFrom, { x: missFrom.x + 20, y: 24 }, { holdMs: 450 });
      const toast = page.locator('.toast').filter({ hasText: 'was not placed' });
      await toast.waitFor({ timeout: 3000 });
      expectEqual(await blocks(page), 3, 'a missed drop places nothing');
      await screenshot('built');
    },
    { browser: { viewport: 'tablet', touch: true }, timeoutMs: 120_000 },
  ),
]);
