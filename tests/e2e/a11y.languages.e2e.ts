import type { Page } from 'playwright-core';
import { SUPPORTED_LANGUAGES } from '../../src/shared/domain/languages';
import { seriousViolations, settle } from './axe';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, signInAsDemo } from './offline.util';
import { seedReportAssignment } from './reports.util';

/**
 * axe-core over the screens a teacher and a learner spend the lesson on, in each of the five
 * languages: every tab of an assignment with statements in its reports (the dashboard loaded), at
 * tablet size, and the learner's player from a public link at phone size. Texts differ in length and
 * script per language, so a fault of contrast, names or overflow in one does not hide behind English.
 */

async function inLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('language', lng), language);
}

async function reportViolations(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  await page.goto(path);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await tabs.first().waitFor();
  const count = await tabs.count();
  expect(count >= 5, `the assignment shows its tabs (${count})`);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? String(i);
    await tab.click();
    await settle(page);
    const dashboard = page.getByTestId('dashboard');
    if ((await dashboard.count()) > 0 && (await page.getByTestId('kpis').count()) === 0) {
      await dashboard.getByRole('button').first().click();
      await page.getByTestId('kpis').waitFor({ timeout: 20_000 });
      await settle(page);
    }
    for (const v of await seriousViolations(page)) found.push(`tab "${name}": ${v}`);
  }
  return found;
}

export default defineE2E([
  test(
    '[A11Y] the report tabs (tablet) and the player (phone) have no serious axe finding in any language',
    async ({ page, server, launch }) => {
      const { url } = server;
      const seeded = await seedReportAssignment(server, {
        names: ['Nurul Aisyah', '李华', 'สมชาย'],
        objects: 4,
      });
      const link = await api<{ code: string }>(
        url,
        seeded.token,
        'POST',
        `assignment/${seeded.assignmentId}/access-link`,
        {},
      );
      expectEqual(link.status, 201, 'public link created');
      await signInAsDemo(page, url);
      const learner = await launch({ viewport: 'phone' });

      const found: string[] = [];
      for (const language of SUPPORTED_LANGUAGES) {
        await inLanguage(page, language);
        for (const v of await reportViolations(
          page,
          url(`/editor/personal/assignment/${seeded.assignmentId}`),
        ))
          found.push(`${language} report ${v}`);

        await learner.page.goto(url(`/viewer/public-assignment/${link.json.code}`));
        await inLanguage(learner.page, language);
        await learner.page.reload();
        const open = learner.page.getByRole('link', { name: new RegExp(seeded.flowName) });
        await open.waitFor();
        await settle(learner.page);
        for (const v of await seriousViolations(learner.page)) found.push(`${language} player list: ${v}`);
        await open.click();
        await learner.page.locator('.pl-form, .pl-feed, main').first().waitFor();
        await settle(learner.page);
        for (const v of await seriousViolations(learner.page)) found.push(`${language} player flow: ${v}`);
      }
      if (found.length) throw new Error(`axe found:\n${found.join('\n')}`);
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 300_000 },
  ),
]);
