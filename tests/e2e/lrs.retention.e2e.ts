import type { Page } from 'playwright-core';
import { VIEWPORTS } from './browser';
import { defineE2E, expect, test } from './harness';

async function signInAsDemo(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/);
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export default defineE2E([
  test(
    '[LRS] retention is set on the LRS screen, after a confirmation, on a tablet and a phone',
    async ({ page, url, screenshot }) => {
      await signInAsDemo(page, url);
      for (const [name, size, months] of [
        ['tablet', VIEWPORTS.tablet, '24'],
        ['phone', VIEWPORTS.phone, '12'],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto(url('/editor/personal/lrs'));
        const card = page.getByTestId('lrs-retention');
        await card.getByTestId('lrs-retention-current').waitFor();
        await card.getByRole('radio', { name: /For a number of months/ }).check();
        await card.getByLabel('Months', { exact: true }).fill(months);
        await card.scrollIntoViewIfNeeded();
        await screenshot(`${name}-choosing`);
        await card.getByRole('button', { name: 'Save' }).click();
        const dialog = page.getByRole('alertdialog');
        await dialog.waitFor();
        await screenshot(`${name}-confirm`);
        await dialog.getByRole('button', { name: 'Delete old records' }).click();
        await card.getByText(`records are deleted ${months} months after`).waitFor();
        const overflow = await sideways(page);
        expect(overflow <= 0, `${name}: no sideways scrolling (${overflow}px)`);
        // What the server kept, not what the screen remembers.
        await page.reload();
        await card.getByText(`records are deleted ${months} months after`).waitFor();
        await screenshot(`${name}-saved`);
      }
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 120_000 },
  ),
]);
