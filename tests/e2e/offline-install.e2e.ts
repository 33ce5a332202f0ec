import { defineE2E, expectEqual, test } from './harness';
import { apiCacheSize, eventually, installabilityErrors, signInAsDemo, waitForWorker } from './offline.util';

/** The installable app: Chromium's install criteria, the Install button, and caches kept per user. */
export default defineE2E([
  test('[OFFLINE] installable with an Install button; sign-out clears the cached reads', async ({
    page,
    context,
    url,
  }) => {
    await page.goto(url('/editor/login'));
    await waitForWorker(page);
    const errors = await installabilityErrors(context, page);
    expectEqual(errors.join(', '), '', 'installability errors');
    const manifest = await (await fetch(url('/editor/manifest.webmanifest'))).json();
    const shape = { display: manifest.display, start_url: manifest.start_url, scope: manifest.scope };
    expectEqual(
      JSON.stringify(shape),
      '{"display":"standalone","start_url":"/editor/","scope":"/editor/"}',
      'manifest',
    );
    // Chromium offers installation (beforeinstallprompt): the navbar shows the button.
    await signInAsDemo(page, url);
    await page.getByRole('button', { name: 'Install app' }).waitFor({ timeout: 15_000 });
    // Reads are cached for offline use, and a sign-out leaves none of them for the next user.
    await waitForWorker(page);
    await page.goto(url('/editor/personal/collections'));
    await eventually('reads are cached', async () => ((await apiCacheSize(page)) > 0 ? true : undefined));
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await eventually('the API cache is cleared', async () =>
      (await apiCacheSize(page)) === 0 ? true : undefined,
    );
  }),
]);
