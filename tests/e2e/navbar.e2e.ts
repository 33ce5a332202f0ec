import { defineE2E, expect, expectEqual, test } from './harness';
import { signInAsDemo } from './offline.util';

const PORTRAIT_TABLET = { width: 820, height: 1180 };

export default defineE2E([
  test(
    '[NAVBAR] on a phone the navbar is one row; the sections, language and Install are in a keyboard menu',
    async ({ page, url, screenshot }) => {
      await signInAsDemo(page, url);
      const navbar = page.locator('.navbar');
      await page.getByTestId('quick-balance').waitFor();
      const box = await navbar.boundingBox();
      expect(box && box.height <= 64, `one row on a phone: ${JSON.stringify(box)}`);
      await screenshot('phone-closed');

      const more = navbar.getByRole('button', { name: 'Menu', exact: true });
      expectEqual(await more.getAttribute('aria-expanded'), 'false', 'closed at first');
      // Keyboard: Enter opens it with the focus on the first section; Escape closes it, focus back.
      await more.focus();
      await page.keyboard.press('Enter');
      const panel = page.locator(`#${(await more.getAttribute('aria-controls'))?.replace(/:/g, '\\:')}`);
      await panel.getByRole('link', { name: 'Explore', exact: true }).waitFor();
      expectEqual(await more.getAttribute('aria-expanded'), 'true', 'open');
      expectEqual(
        await page.evaluate(() => document.activeElement?.textContent),
        'Explore',
        'the first section has the focus',
      );
      expect(await panel.getByRole('button', { name: /Language/ }).isVisible(), 'the language menu in it');
      await screenshot('phone-open');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expectEqual(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        'Menu',
        'the focus is back on the button',
      );

      // A section from the menu opens and closes it.
      await more.click();
      await panel.getByRole('link', { name: 'Collections', exact: true }).click();
      await page.waitForURL(/\/editor\/personal\/collections$/);
      await panel.waitFor({ state: 'hidden' });
      expectEqual(await more.getAttribute('aria-expanded'), 'false', 'closed after choosing');
    },
    { browser: { viewport: 'phone' } },
  ),
  test(
    '[NAVBAR] on a portrait tablet the navbar keeps its sections in view and has no phone menu',
    async ({ page, url, screenshot }) => {
      await signInAsDemo(page, url);
      await page.getByTestId('quick-balance').waitFor();
      const navbar = page.locator('.navbar');
      expect(
        await navbar.getByRole('link', { name: 'Collections', exact: true }).isVisible(),
        'the sections are in the bar',
      );
      expect(await navbar.getByRole('button', { name: /Language/ }).isVisible(), 'the language menu too');
      expectEqual(
        await navbar.getByRole('button', { name: 'Menu', exact: true }).count(),
        0,
        'no phone menu',
      );
      await screenshot('tablet');
    },
    { browser: { viewport: PORTRAIT_TABLET } },
  ),
  test(
    '[NAVBAR] at 1440 px every section is reachable: in the row, clear of the balance, or under More',
    async ({ page, url, screenshot }) => {
      await signInAsDemo(page, url);
      const navbar = page.locator('.navbar');
      const chip = page.getByTestId('quick-balance');
      await chip.waitFor();
      const chipBox = await chip.boundingBox();
      const sections = [
        'Explore',
        'Collections',
        'Library',
        'Prompt templates',
        'Assignments',
        'Automation',
        'Chat',
        'AI Flow Generator',
      ];
      const more = page.getByTestId('navbar-more');
      const inMore: string[] = [];
      for (const name of sections) {
        const link = navbar.getByRole('link', { name, exact: true });
        if ((await link.count()) === 0) {
          inMore.push(name);
          continue;
        }
        const box = await link.boundingBox();
        expect(!!box && !!chipBox && box.x + box.width <= chipBox.x, `${name} ends before the balance chip`);
      }
      if (inMore.length) {
        const moreBox = await more.boundingBox();
        expect(!!moreBox && !!chipBox && moreBox.x + moreBox.width <= chipBox.x, 'More ends before the chip');
        await more.getByRole('button').click();
        for (const name of inMore) await page.getByRole('menuitem', { name, exact: true }).waitFor();
        expectEqual(await page.getByRole('menuitem').count(), inMore.length, 'More lists just the rest');
        await screenshot('desk-more-open');
        await page.getByRole('menuitem', { name: inMore[0], exact: true }).click();
        await page.waitForURL(/\/editor\/personal\/[a-z-]+$/);
      }
      const scrolls = await page
        .locator('.navbar__links')
        .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(!scrolls, 'the row never scrolls (nothing hides behind a hidden scrollbar)');
      await screenshot('desk');
    },
    { browser: { viewport: { width: 1440, height: 900 } } },
  ),
]);
