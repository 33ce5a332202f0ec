import { defineE2E, expect, expectEqual, test } from './harness';

/**
 * A developer at a school: creates an API key (shown once), tops it up, makes a task from a flow,
 * calls it from outside with the key like curl would, then sees the call in the task's usage table
 * and in the key's activity.
 */
export default defineE2E([
  test(
    '[AUTOMATION] create a key, top it up, create a task, run it with the key and see the usage',
    async ({ page, server, url, screenshot }) => {
      await page.goto(url('/editor/login'));
      await page.fill('#login-email', 'demo@flowlearn.local');
      await page.fill('#login-password', 'flowlearn-demo');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });

      // API key: created, revealed once, copied.
      await page.goto(url('/editor/personal/api-key-management'));
      await page.getByRole('button', { name: '+ New API key' }).click();
      await page.getByLabel('Name').fill('School system');
      await page.getByRole('button', { name: 'Create key' }).click();
      const secret = (await page.getByTestId('api-key-secret').innerText()).trim();
      expect(/^flk_[\w-]{43}$/.test(secret), `a secret was shown: ${secret}`);
      await screenshot('key-reveal');
      await page.getByRole('button', { name: 'Done' }).click();
      const row = page.getByTestId('api-key-row').filter({ hasText: 'School system' });
      await row.waitFor();
      expect(!(await page.content()).includes(secret), 'the secret is not on the page after Done');

      // Top-up from the personal wallet.
      await row.getByRole('button', { name: 'Top up' }).click();
      const dialog = page.getByRole('dialog', { name: 'Top up School system' });
      await dialog.getByText(/Available:/).waitFor();
      await dialog.getByLabel('Amount (credits)').fill('5');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.locator('.toast').filter({ hasText: 'Topup success' }).waitFor();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="api-key-balance"]')?.textContent === '5',
      );

      // Task from the first flow.
      await page.goto(url('/editor/personal/create-automation'));
      await page.locator('.wizard-flows input[type=radio]').first().check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Name').fill('Nightly grading');
      await page.getByRole('button', { name: 'Create task' }).click();
      await page.waitForURL(/\/automation\/task\/[0-9a-f]{24}$/);
      const taskId = (await page.getByTestId('task-id').innerText()).trim();
      expect(
        (await page.getByTestId('curl-example').innerText()).includes(`/api/tasks/${taskId}/run`),
        'curl example',
      );
      await page.getByText('No usage data found.').waitFor();

      // Called from outside with the key, as curl would.
      const res = await fetch(server.url(`/api/tasks/${taskId}/run`), {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({}),
      });
      const body = (await res.json()) as { runId?: string; credits?: number };
      expect([200, 422].includes(res.status), `the run answered ${res.status}: ${JSON.stringify(body)}`);
      expect(typeof body.runId === 'string', 'the run has an id');

      await page.reload();
      const usage = page.getByTestId('usage-row');
      await usage.first().waitFor();
      expect((await usage.first().innerText()).includes('School system'), 'the usage row names the key');
      await screenshot('task-detail');

      const keyId = (await (await fetch(server.url('/api/openapi.json'))).json()) as { openapi: string };
      expectEqual(keyId.openapi, '3.1.0', 'the OpenAPI description is served');
      await page.goto(url('/editor/personal/api-key-management'));
      await page.getByRole('link', { name: 'School system' }).click();
      await page.getByTestId('activity-day').first().waitFor();
      expect(
        (await page.getByTestId('activity-totals').innerText()).startsWith('1 calls'),
        'one call in the activity',
      );
      await screenshot('key-activity');

      // The automation list: search and the status filter find it; Pause on its page moves it to Paused.
      await page.goto(url('/editor/personal/automation'));
      await page.getByTestId('task-row').filter({ hasText: 'Nightly grading' }).waitFor();
      await page
        .getByTestId('task-row')
        .filter({ hasText: 'Nightly grading' })
        .getByRole('button', { name: /Nightly grading/ })
        .click();
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.locator('.toast').filter({ hasText: 'Task paused.' }).waitFor();
      await page.getByRole('link', { name: 'Tasks Management' }).click();
      await page.getByLabel('Status').selectOption('paused');
      await page.getByTestId('task-row').filter({ hasText: 'Nightly grading' }).waitFor();
      await screenshot('task-list');
    },
    { timeoutMs: 180_000 },
  ),
]);
