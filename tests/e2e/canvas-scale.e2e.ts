import type { Page } from 'playwright-core';
import { benchGraph } from '../bench/canvas.data';
import { defineE2E, expect, expectEqual, test } from './harness';

/** Large flows open whole and can be zoomed into and edited; small ones open readable. */

const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };

export async function signIn(page: Page, url: (p: string) => string): Promise<string> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/explore$/);
  return (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
}

type TFlowBody = { name: string; nodes: unknown[]; edges: unknown[] };
type TSaved = { _id: string; nodes: Array<{ id: string; data: { label?: string } }> };

export async function api(
  url: (p: string) => string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(url(`/api/${path}`), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: TSaved }).data };
}

export async function openFlow(page: Page, url: (p: string) => string, token: string, body: TFlowBody) {
  const made = await api(url, token, 'POST', 'flows', body);
  expectEqual(made.status, 201, 'create the flow');
  await page.goto(url(`/editor/personal/projects/no-project/flows/${made.data._id}`));
  await page.locator('.flow-canvas[data-opened]').waitFor({ timeout: 30_000 });
  return made.data._id;
}

export const zoomOf = (page: Page) =>
  page.evaluate(() => {
    const t = (document.querySelector('.react-flow__viewport') as HTMLElement).style.transform;
    return Number(/scale\(([^)]+)\)/.exec(t)?.[1] ?? 1);
  });

/** The flow's bounds (from the viewport transform and the blocks' places) lie inside the canvas. */
const flowInView = (page: Page) =>
  page.evaluate((nodes) => {
    const c = document.querySelector('.react-flow')!.getBoundingClientRect();
    const t = (document.querySelector('.react-flow__viewport') as HTMLElement).style.transform;
    const [x, y, k] = (/translate\(([-\d.e]+)px,\s*([-\d.e]+)px\) scale\(([-\d.e]+)\)/.exec(t) ?? [])
      .slice(1)
      .map(Number);
    const xs = nodes.map((n) => n.position.x);
    const ys = nodes.map((n) => n.position.y);
    const left = x + Math.min(...xs) * k;
    const right = x + (Math.max(...xs) + 220) * k;
    const top = y + Math.min(...ys) * k;
    const bottom = y + (Math.max(...ys) + 150) * k;
    return left >= 0 && top >= 0 && right <= c.width && bottom <= c.height;
  }, graph.nodes);

const graph = benchGraph(1000);

export default defineE2E([
  test(
    '[CANVAS] a 1,000-block flow opens fitted, zooms in to full blocks, and a block is edited and saved',
    async ({ page, url, screenshot }) => {
      const token = await signIn(page, url);
      const flowId = await openFlow(page, url, token, { name: 'Big flow', ...graph });
      // Too far out to read: all 1,000 blocks painted as plain boxes, no block drawn by xyflow.
      await page.locator('[data-testid="flow-lod"][data-drawn="1000"]').waitFor();
      expectEqual(await page.locator('.react-flow__node').count(), 0, 'no full blocks zoomed out');
      expect(await flowInView(page), 'the whole flow is in view');
      await screenshot('fitted');

      // Wheel in at the centre until blocks are full again.
      const box = (await page.locator('.react-flow').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 30 && (await zoomOf(page)) < 1; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(50);
      }
      await page.getByTestId('flow-node').first().waitFor();
      expectEqual(await page.getByTestId('flow-lod').count(), 0, 'no simplified drawing zoomed in');
      expect((await page.locator('.react-flow__node').count()) < 100, 'only the blocks in view are drawn');

      // Edit the block nearest the centre and save.
      const id = await page.evaluate(() => {
        const c = document.querySelector('.react-flow')!.getBoundingClientRect();
        let best: { id: string; d: number } | null = null;
        for (const n of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
          const r = n.getBoundingClientRect();
          const d = Math.hypot(r.left + r.width / 2 - (c.left + c.width / 2), r.top - (c.top + c.height / 2));
          if (!best || d < best.d) best = { id: n.dataset.id ?? '', d };
        }
        return best?.id ?? '';
      });
      await page.locator(`.react-flow__node[data-id="${id}"] .flow-node__top`).click();
      const label = page.getByLabel('Label', { exact: true });
      await label.fill('Zoomed in and renamed');
      await label.blur();
      await page.locator(`.react-flow__node[data-id="${id}"]`).getByText('Zoomed in and renamed').waitFor();
      await screenshot('edited');
      await page.keyboard.press(process.platform === 'darwin' ? 'Meta+s' : 'Control+s');
      await page.waitForSelector('[data-testid="save-state"][data-state="saved"]', { timeout: 30_000 });
      const saved = await api(url, token, 'GET', `flows/${flowId}`);
      expectEqual(saved.data.nodes.length, 1000, 'blocks on the server');
      expectEqual(
        saved.data.nodes.find((n) => n.id === id)?.data.label,
        'Zoomed in and renamed',
        'the renamed block on the server',
      );
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 180_000 },
  ),
  test(
    '[CANVAS] a 6-block flow opens readable, at a zoom of at least 1',
    async ({ page, url, screenshot }) => {
      const token = await signIn(page, url);
      await openFlow(page, url, token, { name: 'Small flow', ...benchGraph(6) });
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 6);
      const zoom = await zoomOf(page);
      expect(zoom >= 1, `opened at zoom ${zoom}`);
      await page.getByTestId('flow-node').first().waitFor();
      await screenshot('small');
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 60_000 },
  ),
]);
