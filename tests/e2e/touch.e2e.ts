import type { CDPSession, Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, sleep, test } from './harness';

/**
 * A teacher builds a flow on a tablet with fingers only. Touches go through the
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

async function openNewFlow(
  page: Page,
  url: (p: string) => string,
  name: string,
  graph: { nodes: unknown[]; edges: unknown[] } = { nodes: [], edges: [] },
): Promise<void> {
  const token = await signIn(page, url);
  const res = await fetch(url('/api/flows'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, ...graph }),
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
  await page.locator(selector).first().scrollIntoViewIfNeeded();
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

/** Every visible element inside `container` ends within it and within the window (nothing clipped). */
async function overflowing(page: Page, container: string): Promise<string[]> {
  return page.locator(container).evaluate((root) => {
    const outer = root.getBoundingClientRect();
    const right = Math.min(outer.right, window.innerWidth) + 1;
    return [...root.querySelectorAll<HTMLElement>('*')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > right || r.left < outer.left - 1);
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
}

async function expectTopBarLabelled(page: Page): Promise<void> {
  const tools = page.locator('.flow-topbar .flow-tool:visible');
  const n = await tools.count();
  expect(n >= 4, `top bar tools: ${n}`);
  for (let i = 0; i < n; i++) {
    const tool = tools.nth(i);
    const label = await tool.getAttribute('aria-label');
    const caption = tool.locator('.flow-tool__caption');
    const box = await caption.boundingBox();
    expect(label && box && box.width > 0, `tool ${i} has a name and shows it (${label})`);
    expectEqual(await caption.textContent(), label, 'the visible caption is the name');
  }
  expectEqual(JSON.stringify(await overflowing(page, '.flow-topbar')), '[]', 'top bar within the screen');
}

/** The screen point halfway along the first drawn link. */
async function linkMiddle(page: Page): Promise<Point> {
  return page
    .locator('.react-flow__edge-path')
    .first()
    .evaluate((path) => {
      const p = path as SVGPathElement;
      const at = p.getPointAtLength(p.getTotalLength() / 2);
      const m = p.getScreenCTM();
      if (!m) throw new Error('the link is not drawn');
      return { x: Math.round(at.x * m.a + at.y * m.c + m.e), y: Math.round(at.x * m.b + at.y * m.d + m.f) };
    });
}

const LINKED = {
  nodes: [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    { id: 'd', type: 'displayNode', position: { x: 280, y: 180 }, data: { label: 'Show text' } },
  ],
  edges: [{ id: 'e1', source: 's', sourceHandle: 'out', target: 'd', targetHandle: 'in' }],
};

export default defineE2E([
  test(
    '[TOUCH] on a tablet with fingers only: tap a link and delete it, tap a block and delete it',
    async ({ page, url, screenshot }) => {
      await openNewFlow(page, url, 'Touch delete', LINKED);
      await page.locator('.react-flow__edge').first().waitFor();
      expectEqual(await page.locator('.react-flow__edge').count(), 1, 'one link drawn');

      const middle = await linkMiddle(page);
      await page.touchscreen.tap(middle.x, middle.y);
      const linkDelete = page.getByTestId('link-delete');
      await linkDelete.waitFor();
      await screenshot('link-selected');
      await linkDelete.tap();
      await page.locator('.react-flow__edge').first().waitFor({ state: 'detached' });
      expectEqual(await blocks(page), 2, 'deleting the link keeps both blocks');

      await tapOn(page, '.react-flow__node-displayNode');
      const blockDelete = page.getByTestId('node-delete');
      await blockDelete.waitFor();
      await blockDelete.tap();
      await page.locator('.react-flow__node-displayNode').waitFor({ state: 'detached' });
      expectEqual(await blocks(page), 1, 'the tapped block is gone');

      // Both deletions are steps of the edit history: undo brings the block back.
      await page.getByRole('button', { name: 'Undo' }).tap();
      await page.locator('.react-flow__node-displayNode').waitFor();
    },
    { browser: { viewport: 'tablet', touch: true }, timeoutMs: 90_000 },
  ),
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
  test(
    '[TOUCH] tablet 1024×768: labelled top bar, folded shortcuts, the block panel fits, the link banner clears the aimed block',
    async ({ page, url, screenshot }) => {
      await openNewFlow(page, url, 'Tablet fit');
      await expectTopBarLabelled(page);
      const shortcuts = page.locator('.shortcut-details');
      expectEqual(
        await shortcuts.evaluate((d) => (d as HTMLDetailsElement).open),
        false,
        'shortcuts folded on touch',
      );
      await shortcuts.locator('summary').tap();
      await page.locator('.shortcut-list').waitFor();
      await shortcuts.locator('summary').tap();

      await tapOn(page, entry('displayNode'));
      await page.touchscreen.tap(480, 170);
      await page.locator('.react-flow__node-displayNode').waitFor();
      await tapOn(page, entry('textNode'));
      await page.touchscreen.tap(480, 520);
      await page.locator('.react-flow__node-textNode').waitFor();
      expectEqual(
        JSON.stringify(await overflowing(page, '.flow-panel')),
        '[]',
        'block panel within the screen',
      );
      await page.locator('.flow-panel .panel-group').first().scrollIntoViewIfNeeded();
      await screenshot('panel');

      // A link aimed at a block in the top half: the refusal shows at the bottom edge, off that block.
      const from = await centreOf(
        page,
        '.react-flow__node-textNode .react-flow__handle[data-handleid="text"]',
      );
      const to = await centreOf(
        page,
        '.react-flow__node-displayNode .react-flow__handle[data-handleid="in"]',
      );
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
      await page.mouse.move(to.x, to.y, { steps: 8 });
      const banner = page.getByTestId('link-banner');
      await page.locator('.link-banner--refused').waitFor();
      expectEqual(await banner.getAttribute('data-side'), 'bottom', 'banner edge while aiming high');
      const b = await banner.boundingBox();
      const target = await page.locator('.react-flow__node-displayNode').boundingBox();
      expect(b && target, 'banner and target drawn');
      expect(
        b.y > target.y + target.height,
        `banner ${JSON.stringify(b)} clear of ${JSON.stringify(target)}`,
      );
      await screenshot('refusal');
      await page.mouse.up();
    },
    { browser: { viewport: 'tablet', touch: true }, timeoutMs: 120_000 },
  ),
  test(
    '[TOUCH] phone 390×844: labelled top bar, the block panel fits, tap to place from the drawer',
    async ({ page, url, screenshot }) => {
      await openNewFlow(page, url, 'Phone fit');
      await expectTopBarLabelled(page);
      await page.getByRole('button', { name: 'Blocks', exact: true }).tap();
      await tapOn(page, entry('textNode'));
      // The drawer steps aside so the canvas can be tapped.
      await page.getByTestId('placing-hint').waitFor();
      await page.locator('.flow-palette.is-open').waitFor({ state: 'detached' });
      await sleep(400); // the drawer's slide-out (0.2 s)
      await page.touchscreen.tap(200, 400);
      await expectPlacedAt(page, 'textNode', { x: 200, y: 400 });
      await page.getByRole('button', { name: 'Properties', exact: true }).tap();
      await page.locator('.flow-panel.is-open').waitFor();
      await sleep(300);
      expectEqual(
        JSON.stringify(await overflowing(page, '.flow-panel')),
        '[]',
        'block panel within the screen',
      );
      await screenshot('panel');
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
]);
