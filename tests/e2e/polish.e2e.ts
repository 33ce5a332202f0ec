import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';
import { waitForWorker } from './offline.util';

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
  // The server records the switch before the page changes.
  const recorded = page.waitForResponse((r) => r.url().includes('/api/users/switch-org') && r.ok());
  await page.getByRole('menuitemradio', { name }).click();
  await Promise.all([recorded, page.waitForURL(new RegExp(`/editor/${code}/explore$`))]);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

export default defineE2E([
  test('[POLISH] the app opens in the space the teacher was last in', async ({ page, url, launch }) => {
    await signIn(page, url);
    await switchTo(page, /Demo School/, 'demo-school');

    // The installed app's start URL lands in the organisation, not in the personal space.
    await page.goto(url('/editor/'));
    await page.waitForURL(/\/editor\/demo-school\/explore$/, { timeout: 20_000 });

    // Another device (no local storage) signs in and lands there too: the server's record decides.
    const other = await launch();
    await signIn(other.page, url);
    expectEqual(pathOf(other.page), '/editor/demo-school/explore', 'sign-in on a second device');

    // Back to personal: the start URL follows.
    await switchTo(page, /Personal/, 'personal');
    await page.goto(url('/editor/'));
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
  }),

  test('[POLISH] a teacher sets the space language in settings; a new organisation picks one', async ({
    page,
    url,
    screenshot,
  }) => {
    await signIn(page, url);
    const languageMenu = () => page.locator('.navbar').getByRole('button', { name: 'Language' });
    await languageMenu().click();
    expectEqual(await page.getByRole('menuitemradio', { name: /ไทย/ }).count(), 0, 'Thai on offer before');
    await page.keyboard.press('Escape');

    // Account menu → Settings: the personal space's default language.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await page.waitForURL(/\/editor\/personal\/settings$/);
    await page.selectOption('#space-language', 'th-TH');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved, and the screen is in Thai at once.
    await page.getByRole('heading', { name: 'การตั้งค่า', level: 1 }).waitFor({ timeout: 15_000 });
    await page.locator('.navbar').getByRole('button', { name: 'ภาษา' }).click();
    await page.getByRole('menuitemradio', { name: /English \(UK\)/ }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await languageMenu().click();
    await page.getByRole('menuitemradio', { name: /ไทย/ }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot('settings');

    // A new organisation is created with Malay as its default: Malay is offered from then on.
    await page.getByRole('button', { name: 'Switch space' }).click();
    await page.getByRole('menuitem', { name: /Create an organisation/ }).click();
    const code = `lang-${Date.now()}`;
    await page.fill('#org-name', 'Sekolah Bahasa');
    await page.fill('#org-code', code);
    await page.selectOption('#org-language', 'ms-MY');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(new RegExp(`/editor/${code}/explore$`));
    await languageMenu().click();
    await page.getByRole('menuitemradio', { name: /Bahasa Melayu/ }).waitFor();
    await page.keyboard.press('Escape');

    // Its admin sees the organisation's language in its settings.
    await page.goto(url(`/editor/${code}/settings`));
    await page.waitForFunction(
      () => (document.querySelector('#space-language') as HTMLSelectElement)?.value === 'ms-MY',
    );
    await switchTo(page, /Personal/, 'personal');
  }),

  test('[POLISH] offline, create buttons are disabled and say they need a connection', async ({
    page,
    context,
    url,
    screenshot,
  }) => {
    await signIn(page, url);
    await page.goto(url('/editor/personal/collections'));
    const newCollection = page.getByRole('button', { name: /New collection/ }).first();
    await newCollection.waitFor();
    expect(await newCollection.isEnabled(), 'New collection is enabled online');
    // The worker holds the app's pages from now on, so other screens open offline too.
    await waitForWorker(page);

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor({ timeout: 15_000 });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (b) =>
          b.disabled &&
          /New collection/.test(b.textContent ?? '') &&
          /needs a connection/.test(b.textContent ?? ''),
      ),
    );
    await screenshot('offline-collections');

    // The explorer's Create tool (a link online) is a disabled button offline.
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    const createTool = page.getByRole('button', { name: /Create tool/ });
    await createTool.waitFor();
    expect(await createTool.isDisabled(), 'Create tool is disabled offline');
    expectEqual(
      await page.getByRole('link', { name: /Create tool/ }).count(),
      0,
      'no Create tool link offline',
    );

    // Back online: the buttons work again.
    await context.setOffline(false);
    await page.getByRole('link', { name: /Create tool/ }).waitFor({ timeout: 15_000 });
  }),

  test(
    '[POLISH] on a phone a toast does not cover the navbar',
    async ({ page, url }) => {
      await signIn(page, url);
      await page.getByRole('button', { name: 'Switch space' }).click();
      await page.getByRole('menuitemradio', { name: /Demo School/ }).click();
      const toast = page.locator('.toast').first();
      await toast.waitFor();
      const [t, n] = [await toast.boundingBox(), await page.locator('.navbar').boundingBox()];
      expect(t && n && t.y >= n.y + n.height, `toast ${JSON.stringify(t)} below navbar ${JSON.stringify(n)}`);
      await page.waitForURL(/\/editor\/demo-school\/explore$/);
      await page.getByRole('button', { name: 'Switch space' }).click();
      await page.getByRole('menuitemradio', { name: /Personal/ }).click();
      await page.waitForURL(/\/editor\/personal\/explore$/);
    },
    { browser: { viewport: 'phone' } },
  ),

  test(
    '[POLISH] on a phone the row menu of the last flow stays on the screen',
    async ({ page, url }) => {
      await signIn(page, url);
      await page.goto(url('/editor/personal/collections'));
      await page.getByTestId('collection-card').first().click();
      const last = page.locator('[data-testid="flow-row"]').last();
      await last.waitFor();
      // Bring the last row to the very bottom of the screen, then open its menu.
      await last.evaluate((row) => {
        window.scrollBy(0, row.getBoundingClientRect().bottom - window.innerHeight + 4);
      });
      await last.getByRole('button', { name: /Actions for/ }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const box = await menu.boundingBox();
      const height = page.viewportSize()?.height ?? 844;
      expect(
        box && box.y >= 0 && box.y + box.height <= height,
        `menu ${JSON.stringify(box)} on a ${height} px screen`,
      );
    },
    { browser: { viewport: 'phone' } },
  ),

  test(
    '[POLISH] on a phone the create-tool Generate button stays inside the form',
    async ({ page, url, screenshot }) => {
      await signIn(page, url);
      await page.goto(url('/editor/personal/create-tool'));
      await page.locator('.flow-picker__item').first().click();
      await page.getByRole('button', { name: 'Next' }).click();
      const generate = page.getByRole('button', { name: /Generate name and description/ });
      await generate.waitFor();
      const [b, form] = [await generate.boundingBox(), await page.locator('.wizard__body').boundingBox()];
      expect(
        b && form && b.x >= form.x && b.x + b.width <= form.x + form.width,
        `button ${JSON.stringify(b)} inside form ${JSON.stringify(form)}`,
      );
      await screenshot('details');
    },
    { browser: { viewport: 'phone' } },
  ),
]);
