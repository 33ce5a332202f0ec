import { defineE2E, expect, expectEqual, test } from './harness';

/** The smallest valid PNG (1×1). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Chat's Library opens the viewer's media library in a new tab (spec 03 §2), signed in by
 * the refresh cookie alone; and an API key is renamed from its list with the keyboard.
 */
export default defineE2E([
  test("[CHAT] the Library link opens the viewer's media library with the user's images", async ({
    page,
    url,
    screenshot,
  }) => {
    await page.goto(url('/editor/login'));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
    const status = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.set('media', new File([bytes], 'leaf.png'));
      form.set('path', 'chat');
      const res = await fetch('/api/s3/upload', {
        method: 'POST',
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
        body: form,
      });
      return res.status;
    }, PNG_BASE64);
    expectEqual(status, 201, 'an image uploaded');

    await page.goto(url('/editor/personal/chat'));
    // The chat's own Library (the navbar's Library is the projects library).
    const link = page.getByRole('complementary').getByRole('link', { name: 'Library' });
    expectEqual(await link.getAttribute('href'), '/viewer/media-library', 'the Library link');
    expectEqual(await link.getAttribute('target'), '_blank', 'opens a new tab');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.getByRole('heading', { name: 'Media library' }).waitFor({ timeout: 20_000 });
    const img = tab.getByRole('img', { name: 'leaf.png' });
    await img.waitFor();
    await tab.waitForFunction(
      () => (document.querySelector('img[alt="leaf.png"]') as HTMLImageElement)?.naturalWidth > 0,
    );
    await tab.getByRole('link', { name: 'Download leaf.png' }).waitFor();
    expect(await tab.evaluate(() => sessionStorage.getItem('token') !== null), 'signed in by the cookie');
    await screenshot('media-library', tab);
  }),
  test('[API-KEYS] rename a key from the list with the keyboard', async ({ page, url }) => {
    await page.goto(url('/editor/login'));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
    await page.goto(url('/editor/personal/api-key-management'));
    await page.getByRole('button', { name: '+ New API key' }).click();
    await page.getByLabel('Name').fill('Old name');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Done' }).click();
    const rename = page.getByRole('button', { name: 'Rename Old name' });
    await rename.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename API key' });
    await dialog.waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('New name');
    await page.keyboard.press('Enter');
    await page.locator('.toast').filter({ hasText: 'API key renamed.' }).waitFor();
    await page.getByTestId('api-key-row').filter({ hasText: 'New name' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'New name' }).waitFor();
  }),
]);
