import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

/** The app's text once it has rendered something and the network is quiet. */
async function renderedText(page: Page): Promise<string> {
  const rendered = () => (document.querySelector('#root')?.textContent ?? '').trim().length > 0;
  await page.waitForFunction(rendered, null, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  return (await page.locator('#root').textContent()) ?? '';
}

export default defineE2E([
  test('[SHELL] opens the shell and changes language', async ({ page, url, console: messages }) => {
    await page.goto(url('/editor/'));
    const english = await renderedText(page);
    expect((await page.title()).includes('Flowlearn'), `document title is "${await page.title()}"`);
    expect(english.trim().length > 0, '#root rendered no text');
    expectEqual(await page.evaluate(() => document.documentElement.lang), 'en-GB', '<html lang> signed out');

    // The language lives in localStorage only (spec 01 §9).
    await page.evaluate(() => localStorage.setItem('language', 'th-TH'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'th-TH', null, { timeout: 20_000 });
    // Translations arrive after the lang attribute changes: wait for the text to change, then compare.
    await page
      .waitForFunction((before) => document.querySelector('#root')?.textContent !== before, english, {
        timeout: 20_000,
      })
      .catch(() => undefined);
    const thai = await renderedText(page);
    expect(thai !== english, `the text did not change in th-TH:\n${thai}`);
    expect(/[\u0E00-\u0E7F]/.test(thai), `no Thai text after switching to th-TH:\n${thai}`);

    const csp = messages.filter((m) => m.text.includes('Content Security Policy'));
    expect(csp.length === 0, `CSP violations:\n${csp.map((m) => m.text).join('\n')}`);
  }),

  test('[SHELL] serves the app with the right cache rules', async ({ url }) => {
    const missing = await fetch(url('/editor/locales/xx-XX/navbar.json'));
    expectEqual(missing.status, 404, 'a missing locale file');
    expect(
      !(missing.headers.get('content-type') ?? '').includes('text/html'),
      'a missing locale file is HTML',
    );

    const index = await fetch(url('/editor/'));
    expectEqual(index.status, 200, 'GET /editor/');
    expect((index.headers.get('cache-control') ?? '').includes('no-cache'), 'index.html may be cached');
    const html = await index.text();
    const asset = html.match(/\/editor\/assets\/[^"'\s>]+\.js/)?.[0];
    expect(asset, 'index.html references no hashed script under /editor/assets/');
    const script = await fetch(url(asset));
    expectEqual(script.status, 200, `GET ${asset}`);
    const assetCache = script.headers.get('cache-control') ?? '';
    expect(assetCache.includes('immutable'), `${asset} has Cache-Control "${assetCache}"`);

    const sw = await fetch(url('/editor/sw.js'));
    expectEqual(sw.status, 200, 'GET /editor/sw.js');
    expect((sw.headers.get('cache-control') ?? '').includes('no-cache'), 'the service worker may be cached');
    expect(
      (sw.headers.get('content-type') ?? '').includes('javascript'),
      'sw.js is not served as JavaScript',
    );
  }),
]);
