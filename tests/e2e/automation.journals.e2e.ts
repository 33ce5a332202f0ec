import type { Page } from 'playwright-core';
import { edge } from '../fixtures/flows/graph';
import { defineE2E, type E2EServer, expect, expectEqual, test } from './harness';
import { api, apiToken } from './offline.util';

/**
 * A task whose flow keeps a journal: a run called from outside with an API key writes it, and the
 * teacher reads it on the task page, under the usage table. The preview drawer fits a phone.
 */
const at = { x: 0, y: 0 };

/** A published flow Start → Essay → Journal "Diary" → Update Journal "Diary"; a task on it, a topped-up key. */
async function seedDiaryTask(server: E2EServer) {
  const token = await apiToken(server.url);
  const flow = await api(server.url, token, 'POST', 'flows', {
    name: 'Diary flow',
    nodes: [
      { id: 's', type: 'beginNode', position: at, data: { label: 'Start' } },
      { id: 'essay', type: 'inputNode', position: { x: 0, y: 120 }, data: { label: 'Essay' } },
      { id: 'j', type: 'journalNode', position: { x: 0, y: 240 }, data: { label: 'Diary' } },
      {
        id: 'u',
        type: 'updateJournalNode',
        position: { x: 0, y: 360 },
        data: { label: 'Diary', content: '**Reviewed** by the school system.' },
      },
    ],
    edges: [edge('s.out>essay.in'), edge('essay.out>j.in'), edge('essay.text>j.entry'), edge('j.out>u.in')],
  });
  expectEqual(flow.status, 201, `flow created: ${JSON.stringify(flow.json)}`);
  const flowId = flow.json.data._id;
  const published = await api(server.url, token, 'PUT', `flows/${flowId}`, {
    published: true,
    revision: flow.json.data.revision,
  });
  expectEqual(published.status, 200, 'flow published');
  const task = await api(server.url, token, 'POST', 'tasks', { flowId, name: 'Diary keeper' });
  expectEqual(task.status, 201, `task created: ${JSON.stringify(task.json)}`);
  const key = await api<{ data: { _id: string; apiKey: string } }>(server.url, token, 'POST', 'api-keys', {
    name: 'Journal system',
  });
  expectEqual(key.status, 201, 'key created');
  const top = await api(server.url, token, 'POST', `api-keys/topup/${key.json.data._id}`, {
    amount: '1',
    deductFrom: 'personal',
  });
  expectEqual(top.status, 200, 'key topped up');
  return { taskId: task.json.data._id, flowId, secret: key.json.data.apiKey };
}

async function signIn(page: Page, url: (p: string) => string) {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
}

export default defineE2E([
  test(
    '[AUTOMATION] a task run’s journal is stored and shown on the task page',
    async ({ page, server, url, screenshot }) => {
      const { taskId, secret } = await seedDiaryTask(server);
      await signIn(page, url);
      await page.goto(url(`/editor/personal/automation/task/${taskId}`));
      await page.getByText('No run has written a journal yet.').waitFor();

      const res = await fetch(server.url(`/api/tasks/${taskId}/run`), {
        method: 'POST',
        headers: { 'x-api-key': secret, 'Content-Type': 'application/json' },
        body: JSON.stringify({ Essay: 'Rivers carve valleys.' }),
      });
      const body = (await res.json()) as { runId: string };
      expectEqual(res.status, 200, `the run answered: ${JSON.stringify(body)}`);

      await page.reload();
      const run = page.getByTestId('run-journal');
      await run.first().waitFor();
      expectEqual(await run.count(), 1, 'one run with journals');
      expect((await run.innerText()).includes(body.runId), 'the run is named by its id');
      await run.getByText('Diary').click();
      await run.locator('strong', { hasText: 'Reviewed' }).waitFor();
      expect((await run.innerText()).includes('Rivers carve valleys.'), 'the entry shows what the run wrote');
      await screenshot('run-journals');

      // The preview drawer beside the page: its header is not under the sticky app bar.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const close = page.getByTestId('preview-drawer').getByRole('button', { name: 'Close', exact: true });
      await close.waitFor();
      await page.screenshot({ path: 'test-results/automation-preview-desktop-viewport.png' });
      await close.click();
      await page.getByTestId('preview-drawer').waitFor({ state: 'detached' });
    },
    { timeoutMs: 120_000 },
  ),
  test(
    '[AUTOMATION] the task preview drawer on a phone',
    async ({ page, server, url, screenshot }) => {
      const { taskId, secret } = await seedDiaryTask(server);
      const run = await fetch(server.url(`/api/tasks/${taskId}/run`), {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ Essay: 'A long-winded-unbroken-entry-that-should-wrap-on-a-phone-screen.' }),
      });
      expectEqual(run.status, 200, 'the run answered');
      await signIn(page, url);
      await page.goto(url(`/editor/personal/automation/task/${taskId}`));
      await page.getByTestId('run-journal').getByText('Diary').click();
      await page.getByTestId('run-journal').locator('strong', { hasText: 'Reviewed' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      await screenshot('task-phone');
      expect(overflow <= 390, `the task page does not scroll sideways on a phone (${overflow}px wide)`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const drawer = page.getByTestId('preview-drawer');
      await drawer.waitFor();
      await page.waitForFunction(() => !document.querySelector('.preview-drawer__loading'), null, {
        timeout: 30_000,
      });
      await page.waitForTimeout(1000);
      // What the phone shows (not the full page): the drawer's header with Close is on top of the app bar.
      await page.screenshot({ path: 'test-results/automation-preview-phone-viewport.png' });
      await screenshot('preview-phone');
      const box = await drawer.boundingBox();
      expect(
        box && box.x >= 0 && box.x + box.width <= 390.5,
        `the drawer fits the screen: ${JSON.stringify(box)}`,
      );
      for (const name of ['Close', 'Full width']) {
        const button = drawer.getByRole('button', { name, exact: true });
        if (!(await button.isVisible())) continue;
        const b = await button.boundingBox();
        expect(b && b.x >= 0 && b.x + b.width <= 390.5, `${name} is inside the screen: ${JSON.stringify(b)}`);
        const onTop = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return !!hit && el.contains(hit);
        });
        expect(onTop, `${name} is not covered by anything`);
      }
      const close = drawer.getByRole('button', { name: 'Close', exact: true });
      await close.click();
      await drawer.waitFor({ state: 'detached' });
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
]);
