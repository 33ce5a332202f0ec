import { defineE2E, expect, expectEqual, test } from './harness';

export default defineE2E([
  test('[ORGS] an admin regenerates the join code in the organisation settings', async (ctx) => {
    const { page, url, server } = ctx;
    await page.goto(url('/editor/login'));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/editor\/personal\/explore$/);
    await page.goto(url('/editor/demo-school/explore'));
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Organisation settings' }).click();
    await page.waitForURL(/\/demo-school\/org-settings$/);
    expectEqual(await page.getByLabel('Current code').inputValue(), 'demo-school', 'the seeded code');
    await page
      .getByText(/^Weak: easy to guess/)
      .first()
      .waitFor();

    await page.fill('#org-chosen-code', 'demo-7q4x-k2m9-p3zt');
    await page.getByText('Strong: hard to guess.').first().waitFor();
    await page.fill('#org-chosen-code', '');
    await ctx.screenshot('weak-code');

    await page.getByRole('button', { name: 'Make a new random code' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Make a new code?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Make a new random code' }).click();
    await page.waitForURL(/\/demo-school-[a-z2-9]{12}\/org-settings$/);
    const fresh = await page.getByLabel('Current code').inputValue();
    expect(/^demo-school-[a-z2-9]{12}$/.test(fresh), `a random code: ${fresh}`);
    await page.getByText('Strong: hard to guess.').first().waitFor();
    await ctx.screenshot('regenerated');

    const lookup = (code: string) =>
      fetch(`${server.origin}/api/organizations/by-org-code-public?orgcode=${code}`).then((r) => r.status);
    expectEqual(await lookup('demo-school'), 404, 'the old code');
    expectEqual(await lookup(fresh), 200, 'the new code');
  }),
]);
