import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

/**
 * The session hint cookie decides whether a start asks /api/auth/refresh: a signed-in visitor's
 * reload still refreshes, a signed-out start asks nothing (so the browser logs no 401).
 */
const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };

/** Every /api/auth/refresh answer's status, in order. */
function watchRefreshes(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/refresh') statuses.push(res.status());
  });
  return statuses;
}

const hasHint = (page: Page) => page.evaluate(() => document.cookie.includes('fl_session=1'));

async function signIn(page: Page): Promise<void> {
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/explore$/, { timeout: 20_000 });
}

/** A new tab or the next day: the access token (sessionStorage) is gone, the cookies stay. */
const forgetAccessToken = (page: Page) => page.evaluate(() => sessionStorage.removeItem('token'));

export default defineE2E([
  test(
    '[AUTH] session hint: reload stays signed in, signed-out starts ask no refresh, an expired session ends cleanly',
    async ({ page, url, console: logs }) => {
      const refreshes = watchRefreshes(page);
      const errors = () => logs.filter((l) => l.type === 'error').map((l) => l.text);

      // A first, signed-out start: the sign-in form, no refresh asked, nothing logged as an error.
      await page.goto(url('/editor'));
      await page.locator('#login-email').waitFor();
      await page.goto(url('/viewer/join'));
      await page.waitForLoadState('networkidle');
      expectEqual(refreshes.length, 0, 'refresh calls on signed-out starts');
      expectEqual(errors().join(' | '), '', 'console errors on signed-out starts');

      // Sign in; a reload without the access token refreshes from the cookie and stays signed in.
      await page.goto(url('/editor/login'));
      await signIn(page);
      expect(await hasHint(page), 'the hint cookie is set at sign-in');
      await forgetAccessToken(page);
      await page.reload();
      await page.getByRole('button', { name: 'Account' }).waitFor({ timeout: 20_000 });
      expect(/\/explore$/.test(page.url()), `still signed in after the reload (${page.url()})`);
      expectEqual(refreshes.join(','), '200', 'the reload refreshed the session');

      // Sign out: the hint goes, and the next start asks nothing.
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/editor\/login/);
      expect(!(await hasHint(page)), 'the hint cookie is cleared at sign-out');
      await page.goto(url('/editor'));
      await page.locator('#login-email').waitFor();
      expectEqual(refreshes.join(','), '200', 'no refresh after sign-out');

      // A session revoked elsewhere (or expired): one refused refresh, then signed out with no hint.
      await signIn(page);
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      const out = await fetch(url('/api/auth/logout'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expectEqual(out.status, 200, 'server-side sign-out');
      await forgetAccessToken(page);
      await page.reload();
      await page.waitForURL(/\/editor\/login/, { timeout: 20_000 });
      await page.locator('#login-email').waitFor();
      // The running app may ask first (its own timers see the token gone), and the reload can cut that
      // answer off before the page sees it; either way the server refused one refresh at most.
      const revoked = refreshes.slice(1);
      expect(
        revoked.length <= 1 && revoked.every((status) => status === 401),
        `the expired session was refused, once at most (${refreshes.join(',')})`,
      );
      expect(!(await hasHint(page)), 'the refused refresh cleared the hint cookie');
      const asked = refreshes.length;
      await page.reload();
      await page.locator('#login-email').waitFor();
      await page.waitForLoadState('networkidle');
      expectEqual(refreshes.length, asked, 'no refresh on the start after the session ended');
    },
    { timeoutMs: 120_000 },
  ),
]);
