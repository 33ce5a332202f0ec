import type { Page } from 'playwright-core';
import { defineE2E, expectEqual, test } from './harness';

const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };

async function signIn(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/[\w-]+\/explore$/, { timeout: 20_000 });
}

async function switchTo(page: Page, name: RegExp, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Switch space' }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await page.waitForURL(new RegExp(`/editor/${code}/explore$`));
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

export default defineE2E([
  test('[POLISH] the app opens in the space the teacher was last in', async ({ page, url, launch }) => {
    await signIn(page, url);
    await switchTo(page, /Demo School/, 'demo-school');
    // Wait until the server has recorded the switch (the toast follows its answer).
    await page.getByText(/switched successfully/).waitFor();

    // The installed app's start URL lands in the organisation, not in the personal space.
    await page.goto(url('/editor/'));
    await page.waitForURL(/\/editor\/demo-school\/explore$/, { timeout: 20_000 });

    // Another device (no local storage) signs in and lands there too: the server's record decides.
    const other = await launch();
    await signIn(other.page, url);
    expectEqual(pathOf(other.page), '/editor/demo-school/explore', 'sign-in on a second device');

    // Back to personal: the start URL follows.
    await switchTo(page, /Personal/, 'personal');
    await page.getByText(/switched successfully/).waitFor();
    await page.goto(url('/editor/'));
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
  }),
]);
