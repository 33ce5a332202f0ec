import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, sleep, test } from './harness';

/** Drives the flow editor with a real mouse and keyboard, as a teacher on a tablet with a keyboard would. */

const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

async function signIn(page: Page, url: (p: string) => string): Promise<string> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/explore$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token, 'an access token in sessionStorage');
  return token;
}

async function api(url: (p: string) => string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url(`/api/${path}`), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: { _id: string; revision: number } } };
}

const nodeOf = (page: Page, type: string, nth = 0) => page.locator(`.react-flow__node-${type}`).nth(nth);
const count = (page: Page, selector: string) => page.locator(selector).count();

async function centre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags from one point to another in small steps, as a hand does. */
async function dragMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 2, from.y + (to.y - from.y) / 2, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

const handle = (type: string, id: string) =>
  `.react-flow__node-${type} .react-flow__handle[data-handleid="${id}"]`;

async function dragFromPalette(page: Page, type: string, to: { x: number; y: number }) {
  await page.locator(`.palette-entry[data-type="${type}"]`).scrollIntoViewIfNeeded();
  await dragMouse(page, await centre(page, `.palette-entry[data-type="${type}"]`), to);
  await nodeOf(page, type).waitFor();
}

async function waitSaved(page: Page) {
  await page.waitForSelector('[data-testid="save-state"][data-state="saved"]', { timeout: 15_000 });
}

export default defineE2E([
  test(
    '[CANVAS] build a flow: place, link with rules, multi-select and paste, undo after reload, save, conflict',
    async ({ page, context, url, screenshot }) => {
      const token = await signIn(page, url);
      const made = await api(url, token, 'POST', 'flows', { name: 'Canvas e2e', nodes: [], edges: [] });
      expectEqual(made.status, 201, 'create a flow');
      const flowId = made.json.data._id;
      const editorPath = url(`/editor/personal/projects/no-project/flows/${flowId}`);
      await page.goto(editorPath);
      await page.locator('.flow-canvas').waitFor();

      // A tap places a block in the middle of the view; a drag places it where it is dropped.
      await page.locator('.palette-entry[data-type="imageNode"]').click();
      await nodeOf(page, 'imageNode').waitFor();
      await dragFromPalette(page, 'beginNode', { x: 340, y: 170 });
      await dragFromPalette(page, 'displayNode', { x: 640, y: 170 });
      await dragFromPalette(page, 'textNode', { x: 340, y: 640 });
      expectEqual(await count(page, '.react-flow__node'), 4, 'blocks placed');
      // A placeholder is listed but cannot be placed.
      await page.getByRole('button', { name: /Coming later/ }).click();
      await page.locator('.palette-entry[data-type="apiFetchNode"]').click({ force: true });
      expectEqual(await count(page, '.react-flow__node'), 4, 'a disabled block is not placed');

      // Compatible handles link; the link gets the type's colour and width.
      await dragMouse(
        page,
        await centre(page, handle('beginNode', 'out')),
        await centre(page, handle('displayNode', 'in')),
      );
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__edge').length === 1);

      // An incompatible link is refused, and the banner says why.
      await dragMouse(
        page,
        await centre(page, handle('textNode', 'text')),
        await centre(page, handle('displayNode', 'in')),
      );
      const banner = page.getByTestId('link-banner');
      await banner.waitFor();
      expect(
        /different data/.test((await banner.textContent()) ?? ''),
        `refusal reason: ${await banner.textContent()}`,
      );
      expectEqual(await count(page, '.react-flow__edge'), 1, 'the refused link was not added');
      await dragMouse(
        page,
        await centre(page, handle('textNode', 'text')),
        await centre(page, handle('displayNode', 'text')),
      );
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__edge').length === 2);
      await screenshot('linked');

      // Shift-click selects two blocks; copy and paste brings them with the link between them.
      await nodeOf(page, 'beginNode').locator('.flow-node__top').click();
      await nodeOf(page, 'displayNode')
        .locator('.flow-node__top')
        .click({ modifiers: ['Shift'] });
      expectEqual(await count(page, '.react-flow__node.selected'), 2, 'selected blocks');
      await page.keyboard.press(`${MOD}+c`);
      await page.keyboard.press(`${MOD}+v`);
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 6);
      expectEqual(await count(page, '.react-flow__edge'), 3, 'the inner link came along');

      await page.keyboard.press(`${MOD}+z`);
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 4);
      await page.keyboard.press(`${MOD}+Shift+z`);
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 6);

      // Undo survives a reload.
      await sleep(500);
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 6);
      await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
      await page.keyboard.press(`${MOD}+z`);
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 4);
      expectEqual(await count(page, '.react-flow__edge'), 2, 'links after undo');

      await page.keyboard.press(`${MOD}+s`);
      await waitSaved(page);
      const saved = await api(url, token, 'GET', `flows/${flowId}`);
      expectEqual(
        (saved.json.data as unknown as { nodes: unknown[] }).nodes.length,
        4,
        'blocks on the server',
      );

      // A second tab of the same teacher saves first; this tab's next save meets the conflict dialog.
      const second = await context.newPage();
      await second.goto(editorPath);
      await nodeOf(second, 'textNode').locator('.flow-node__top').click();
      await second.keyboard.press('ArrowRight');
      await second.keyboard.press(`${MOD}+s`);
      await waitSaved(second);
      await second.close();

      await nodeOf(page, 'imageNode').locator('.flow-node__top').click();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press(`${MOD}+s`);
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('This flow was changed elsewhere').waitFor({ timeout: 15_000 });
      await screenshot('conflict');
      await dialog.getByRole('button', { name: 'Load the server version' }).click();
      await waitSaved(page);
      expectEqual(await count(page, '.react-flow__node'), 4, 'the server version is shown');
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 120_000 },
  ),
  test(
    '[CANVAS] move the end of a link to another block by dragging it',
    async ({ page, url }) => {
      const token = await signIn(page, url);
      const made = await api(url, token, 'POST', 'flows', { name: 'Reconnect e2e', nodes: [], edges: [] });
      const flowId = made.json.data._id;
      await page.goto(url(`/editor/personal/projects/no-project/flows/${flowId}`));
      await page.locator('.flow-canvas').waitFor();
      await dragFromPalette(page, 'beginNode', { x: 340, y: 170 });
      await dragFromPalette(page, 'displayNode', { x: 640, y: 170 });
      await dragFromPalette(page, 'htmlNode', { x: 640, y: 560 });
      await dragMouse(
        page,
        await centre(page, handle('beginNode', 'out')),
        await centre(page, handle('displayNode', 'in')),
      );
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__edge').length === 1);
      const ids = await page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => [
            n.dataset.id,
            n.className.match(/react-flow__node-(\w+)/)?.[1],
          ]),
        ),
      );
      const idOf = (type: string) => Object.keys(ids).find((id) => ids[id] === type);
      // The link's end at Display Text, dragged to the HTML block's input (one step, Start keeps one link).
      await dragMouse(
        page,
        await centre(page, '.react-flow__edgeupdater-target'),
        await centre(page, handle('htmlNode', 'in')),
      );
      await page.waitForFunction(
        (target) =>
          document.querySelector('.react-flow__edge')?.getAttribute('aria-label')?.endsWith(` to ${target}`),
        idOf('htmlNode'),
      );
      expectEqual(await count(page, '.react-flow__edge'), 1, 'still one link');
      await page.keyboard.press(`${MOD}+s`);
      await waitSaved(page);
      const saved = await api(url, token, 'GET', `flows/${flowId}`);
      const edges = (saved.json.data as unknown as { edges: Array<{ source: string; target: string }> })
        .edges;
      expectEqual(
        edges.map((e) => `${ids[e.source]}→${ids[e.target]}`).join(','),
        'beginNode→htmlNode',
        'the moved link on the server',
      );
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 60_000 },
  ),
  test(
    '[CANVAS] a journal block shared with the class: the panel check box is saved as data.collaborative',
    async ({ page, url, screenshot }) => {
      const token = await signIn(page, url);
      const made = await api(url, token, 'POST', 'flows', {
        name: 'Shared journal e2e',
        nodes: [],
        edges: [],
      });
      const flowId = made.json.data._id;
      await page.goto(url(`/editor/personal/projects/no-project/flows/${flowId}`));
      await page.locator('.flow-canvas').waitFor();
      await dragFromPalette(page, 'journalNode', { x: 400, y: 300 });
      await nodeOf(page, 'journalNode').click();
      const shared = page.getByLabel('Shared with the class');
      expectEqual(await shared.isChecked(), false, 'a new journal block is the learner’s own');
      await shared.check();
      await nodeOf(page, 'journalNode').getByTitle('Shared with the class').waitFor();
      await screenshot('shared-journal');
      await page.keyboard.press(`${MOD}+s`);
      await waitSaved(page);
      const saved = await api(url, token, 'GET', `flows/${flowId}`);
      const nodes = (
        saved.json.data as unknown as { nodes: Array<{ type: string; data: { collaborative?: unknown } }> }
      ).nodes;
      expectEqual(
        nodes.find((n) => n.type === 'journalNode')?.data.collaborative,
        true,
        'saved on the server',
      );
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 60_000 },
  ),
]);
