import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { defineE2E, expect, test } from './harness';
import { eventually, waitForWorker } from './offline.util';

/**
 * A new version of the app: the server serves a copy of the built client (CLIENT_DIR), and the test
 * changes that copy's sw.js as a deploy would. The new worker must wait until the user says Reload.
 */
const clientDir = mkdtempSync(join(tmpdir(), 'flowlearn-e2e-client-'));

const registrationState = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return {
      waiting: !!reg?.waiting,
      active: !!reg?.active,
      controlled: !!navigator.serviceWorker.controller,
    };
  });

export default defineE2E(
  [
    test(
      '[OFFLINE] a new version waits for Reload and never runs on the old shell',
      async ({ page, context, url, screenshot }) => {
        cpSync(join(process.cwd(), 'dist', 'client'), clientDir, { recursive: true });
        try {
          await page.goto(url('/editor/login'));
          await waitForWorker(page);
          await page.locator('#login-email').waitFor();

          // A deploy: the worker script changes. The browser finds it on its next update check.
          appendFileSync(join(clientDir, 'sw.js'), `\n// next build ${Date.now()}\n`);
          await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
          const dialog = page.getByRole('alertdialog').filter({ hasText: 'A new version is available' });
          await dialog.waitFor({ timeout: 20_000 });
          await screenshot('update-offered');

          // "Later": the new version waits; this page stays on the version it started with.
          await page.evaluate(() => {
            (window as unknown as { sameDocument: boolean }).sameDocument = true;
          });
          await dialog.getByRole('button', { name: 'Later' }).click();
          const later = await registrationState(page);
          expect(later.waiting && later.controlled, `the new worker waits: ${JSON.stringify(later)}`);

          // A second tab (the first still open, so the old worker keeps a client and the new one
          // cannot slip in) is offered the waiting version as soon as it starts.
          const second = await context.newPage();
          await second.goto(url('/editor/login'));
          const offered = second.getByRole('alertdialog').filter({ hasText: 'A new version is available' });
          await offered.waitFor({ timeout: 20_000 });
          expect((await registrationState(second)).waiting, 'still waiting with two tabs open');

          // "Reload" there: the new worker takes over and both tabs load again under it.
          await offered.getByRole('button', { name: 'Reload' }).click();
          const reloaded = (p: Page) => async () => {
            const same = await p
              .evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)
              .catch(() => true);
            return same ? undefined : true;
          };
          await eventually('the first tab reloads under the new worker', reloaded(page));
          for (const p of [page, second]) {
            await p.locator('#login-email').waitFor();
            const after = await registrationState(p);
            expect(!after.waiting && after.active && after.controlled, `updated: ${JSON.stringify(after)}`);
          }
        } finally {
          rmSync(clientDir, { recursive: true, force: true });
        }
      },
      { browser: { viewport: 'tablet' }, timeoutMs: 90_000 },
    ),
  ],
  { server: { env: { CLIENT_DIR: clientDir } } },
);
