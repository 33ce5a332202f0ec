import { describe, expect, it } from 'vitest';
import { preloadedPage, preloadPage } from '../../src/app/route-preload';
import { HOME_ROUTES, PUBLIC_ROUTES } from '../../src/app/route-table';
import { mayHaveSession, SESSION_HINT_COOKIE } from '../../src/shared/api/session-hint';

const login = PUBLIC_ROUTES.find((r) => r.path === '/login')?.load;
const explore = HOME_ROUTES.find((r) => r.path === '/:orgCode/explore')?.load;

describe('the page loaded before the first render', () => {
  it('is the sign-in page when a guarded address opens with no session hint, the page itself otherwise', async () => {
    if (!login || !explore) throw new Error('the route table has no /login or /:orgCode/explore');
    await preloadPage('/personal/explore', true);
    expect(preloadedPage(login)).toBeTypeOf('function');
    expect(preloadedPage(explore)).toBeUndefined();
    await preloadPage('/personal/explore', false);
    expect(preloadedPage(explore)).toBeTypeOf('function');
  }, 30_000);

  it('reads the hint cookie the server sets beside the refresh cookie', () => {
    expect(mayHaveSession()).toBe(false);
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that sets the hint
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    expect(mayHaveSession()).toBe(true);
    // biome-ignore lint/suspicious/noDocumentCookie: and the server that clears it
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    expect(mayHaveSession()).toBe(false);
  });
});
