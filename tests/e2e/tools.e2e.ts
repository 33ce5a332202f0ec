import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

async function signInAsDemo(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/);
}

export default defineE2E([
  test('[TOOLS] the search waits 1 s, cancels earlier requests and filters by tag', async ({ page, url }) => {
    await signInAsDemo(page, url);
    await page.getByTestId('tool-card').first().waitFor();
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tool/search'))
        searches.push(new URL(r.url()).searchParams.get('keyword') ?? '');
    });
    const box = page.getByRole('searchbox', { name: 'Search tools' });
    // Typing letter by letter within the second sends one request, with the whole word.
    await box.pressSequentially('demo', { delay: 80 });
    await page.waitForTimeout(400);
    expectEqual(searches.length, 0, 'requests before the 1 s wait is over');
    await page.waitForResponse((r) => r.url().includes('/api/tool/search'));
    expectEqual(searches.join('|'), 'demo', 'the one search sent');
    await page.getByText('1 of 1 tools').waitFor();

    // A tag that the demo tool does not carry leaves no match; one it carries finds it again.
    await box.fill('');
    await page.getByRole('button', { name: 'Mathematics' }).click();
    await page.getByText('No tools match your search.').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Reading' }).click();
    await page.getByTestId('tool-card').filter({ hasText: 'Demo Toolkit' }).waitFor({ timeout: 10_000 });
  }),

  test('[TOOLS] creates a tool from two flows with a generated name and finds it', async ({ page, url }) => {
    await signInAsDemo(page, url);
    await page.getByRole('link', { name: 'Create tool' }).click();
    await page.waitForURL(/\/create-tool/);
    const boxes = page.locator('.flow-picker__item input[type=checkbox]');
    await boxes.first().waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByText('2 flows selected').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: /Generate name and description/ }).click();
    await page.getByText('Offline demo — no AI model').waitFor();
    const name = await page.locator('#tool-name').inputValue();
    expect(name.trim().length > 0, 'a generated name');
    expect((await page.locator('#tool-description').inputValue()).length > 0, 'a generated description');
    // The personal space pays from the personal wallet; the organisation wallet is disabled.
    expect(
      await page.getByRole('radio', { name: /Organisation credits/ }).isDisabled(),
      'org wallet disabled',
    );
    const unique = `${name} ${Date.now()}`;
    await page.fill('#tool-name', unique);
    await page.getByRole('button', { name: 'Create tool' }).click();
    await page.getByText('Tool created successfully').waitFor();
    await page.waitForURL(/\/personal\/explore$/);
    await page.getByRole('searchbox', { name: 'Search tools' }).fill(unique.split(' ').pop() ?? '');
    await page.getByTestId('tool-card').filter({ hasText: unique }).waitFor({ timeout: 10_000 });
  }),
]);
