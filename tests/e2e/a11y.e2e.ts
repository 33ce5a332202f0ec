import type { Page } from 'playwright-core';
import { seriousViolations, settle } from './axe';
import { defineE2E, test, VIEWPORTS, type ViewportName } from './harness';

/**
 * axe-core (from npm) on every built screen at desktop, tablet and phone size: no serious or
 * critical violation may be there. The flow editor is checked empty, with a block selected (its
 * panel, on phones in its drawer) and with the block list open.
 */
const SIGNED_OUT = ['/editor/login', '/editor/signup', '/editor/reset-password', '/editor/error'];
const SIGNED_IN = [
  '/editor/personal/explore',
  '/editor/personal/collections',
  '/editor/personal/library',
  '/editor/personal/assignment',
  '/editor/personal/create-assignment',
  '/editor/personal/create-tool',
  '/editor/personal/credits',
  '/editor/personal/settings',
  '/editor/personal/join-org',
  '/editor/personal/ai-flow-generator',
  '/editor/personal/chat',
  '/editor/personal/api-key-management',
  '/editor/personal/automation',
  '/editor/demo-school/lrs',
];

/** The flow editor: empty, with a placed and selected block, and (phones) with each drawer open. */
async function editorViolations(page: Page, url: (p: string) => string, phone: boolean): Promise<string[]> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await fetch(url('/api/flows'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Accessible flow', nodes: [], edges: [] }),
  });
  const id = ((await res.json()) as { data: { _id: string } }).data._id;
  const path = `/editor/personal/projects/no-project/flows/${id}`;
  const found: string[] = [];
  const check = async (state: string) => {
    await settle(page);
    for (const v of await seriousViolations(page)) found.push(`${path} (${state}): ${v}`);
  };
  await page.goto(url(path));
  await page.locator('.flow-canvas').waitFor();
  await check('empty');
  // A click (not a touch) places the block in the middle of the view, selected.
  for (const type of ['beginNode', 'textNode']) {
    await page.locator(`.palette-entry[data-type="${type}"]`).dispatchEvent('click');
  }
  await page.locator('.react-flow__node-textNode.selected').waitFor();
  if (phone) await page.getByRole('button', { name: 'Properties', exact: true }).click();
  await check('block selected');
  if (phone) {
    await page.getByRole('button', { name: 'Blocks', exact: true }).click();
    await check('block list open');
  }
  return found;
}

function a11yTest(viewport: ViewportName) {
  const { width, height } = VIEWPORTS[viewport];
  return test(
    `[A11Y] no serious or critical axe violations at ${width}×${height}`,
    async ({ page, url }) => {
      const found: string[] = [];
      const check = async (path: string) => {
        await page.goto(url(path));
        await settle(page);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      };
      for (const path of SIGNED_OUT) await check(path);
      await page.goto(url('/editor/login'));
      await page.fill('#login-email', 'demo@flowlearn.local');
      await page.fill('#login-password', 'flowlearn-demo');
      await page.press('#login-password', 'Enter');
      await page.waitForURL(/\/explore$/, { timeout: 20_000 });
      for (const path of SIGNED_IN) await check(path);
      if (viewport === 'phone') {
        // The navbar's phone menu, open (sections, language, Install).
        await page.goto(url('/editor/personal/explore'));
        await page.locator('.navbar').getByRole('button', { name: 'Menu', exact: true }).click();
        await settle(page);
        for (const v of await seriousViolations(page)) found.push(`phone menu open: ${v}`);
      }
      for (const v of await editorViolations(page, url, viewport === 'phone')) found.push(v);
      if (found.length) throw new Error(`axe found:\n${found.join('\n')}`);
    },
    { browser: { viewport }, timeoutMs: 180_000 },
  );
}

export default defineE2E([a11yTest('desktop'), a11yTest('tablet'), a11yTest('phone')]);
