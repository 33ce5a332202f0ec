import type { Page } from 'playwright-core';
import { defineE2E, type E2EServer, expect, expectEqual, test } from './harness';

const PASSWORD = 'correct-horse-42';

async function signUp(
  page: Page,
  server: E2EServer,
  url: (p: string) => string,
  email: string,
): Promise<void> {
  await page.goto(url('/editor/signup'));
  await page.fill('#signup-email', email);
  await page.fill('#signup-password', PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Verify Your Account' }).waitFor();
  expect(
    /\d:\d\d/.test((await page.getByTestId('countdown').textContent()) ?? ''),
    'the countdown shows m:ss',
  );
  const code = await server.waitForMailCode(email, 15_000);
  await page.fill('#verify-code', code);
  await page.getByRole('button', { name: 'Verify and Complete Sign Up' }).click();
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

export default defineE2E([
  test('[AUTH] a new user signs up, verifies, signs out and in, joins and switches spaces', async ({
    page,
    server,
    url,
  }) => {
    const email = `teacher-${Date.now()}@school.test`;
    await signUp(page, server, url, email);
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });

    // Sign out from the account menu, then sign in again.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/editor\/login/);
    await signIn(page, email);
    await page.waitForURL(/\/editor\/personal\/explore$/);

    // Join the demo organisation by its code: the address carries its code.
    await page.goto(url('/editor/personal/join-org'));
    await page.fill('#join-code', 'demo-school');
    await page.getByTestId('join-preview').waitFor();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL(/\/editor\/demo-school\/explore$/);

    // Switch back to the personal space from the navbar.
    // The toast shows for 2 s before the page changes: wait for both together.
    await page.getByRole('button', { name: 'Switch space' }).click();
    const toast = page.getByText('Organisation switched successfully').waitFor();
    await page.getByRole('menuitemradio', { name: /Personal/ }).click();
    await Promise.all([toast, page.waitForURL(/\/editor\/personal\/explore$/)]);
  }),

  test('[AUTH] an unconfirmed account is asked for its code at sign-in', async ({ page, server, url }) => {
    const email = `late-${Date.now()}@school.test`;
    const res = await fetch(url('/api/auth/signup'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expectEqual(res.status, 201, 'sign-up');
    const from = Date.now();
    await page.goto(url('/editor/login'));
    await signIn(page, email);
    await page.getByRole('heading', { name: 'Verify Your Account' }).waitFor();
    const code = await server.waitForMailCode(email, 15_000, from);
    await page.fill('#verify-code', code);
    await page.getByRole('button', { name: 'Verify and Complete Sign Up' }).click();
    await page.waitForURL(/\/editor\/personal\/explore$/);
  }),

  test('[AUTH] next brings a signed-out visitor back to the flow they opened', async ({ page, url }) => {
    await page.goto(url('/editor/personal/projects/p1/flows/f1'));
    await page.waitForURL(/\/editor\/login\?next=/);
    expectEqual(new URL(page.url()).searchParams.get('next'), '/personal/projects/p1/flows/f1', 'next');
    await signIn(page, 'demo@flowlearn.local', 'flowlearn-demo');
    await page.waitForURL(/\/editor\/personal\/projects\/p1\/flows\/f1$/);
    // Other guarded pages send the visitor to the explorer after sign-in.
    await page.evaluate(() => sessionStorage.clear());
  }),

  test('[AUTH] the session-expired dialog shows after the session is revoked on the server', async ({
    page,
    url,
  }) => {
    await page.goto(url('/editor/login'));
    await signIn(page, 'demo@flowlearn.local', 'flowlearn-demo');
    await page.waitForURL(/\/explore$/);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token, 'an access token in sessionStorage');
    // Global sign-out from elsewhere revokes every refresh token of the user.
    const out = await fetch(url('/api/auth/logout'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expectEqual(out.status, 200, 'server-side sign-out');
    // The access token runs out; the next call cannot be refreshed.
    await page.evaluate(() => sessionStorage.removeItem('token'));
    // Any call now fails to refresh; open another page to make one (an in-flight call may beat us to it).
    await page
      .getByRole('link', { name: 'Collections' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page.getByRole('alertdialog').getByText('Session Expired!').waitFor({ timeout: 15_000 });
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/editor\/login\?next=/);
    expect(pathOf(page) === '/editor/login', 'back on the sign-in page');
  }),
]);
