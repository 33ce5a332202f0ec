import { describe, expect, it, vi } from 'vitest';
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

  it('loads the page an address without its space redirects to: /explore, /library and the start URL /', async () => {
    // Fresh modules: the test above has already loaded the explorer.
    vi.resetModules();
    const preload = await import('../../src/app/route-preload');
    const { HOME_ROUTES: home } = await import('../../src/app/route-table');
    const page = (path: string) => home.find((r) => r.path === path)?.load;
    const [freshExplore, library] = [page('/:orgCode/explore'), page('/:orgCode/library')];
    if (!freshExplore || !library) throw new Error('the route table has no explorer or library');
    // Signed out, the sign-in page is loaded instead, as for any guarded address.
    await preload.preloadPage('/explore', true);
    expect(preload.preloadedPage(freshExplore)).toBeUndefined();
    await preload.preloadPage('/', false);
    expect(preload.preloadedPage(freshExplore)).toBeTypeOf('function');
    await preload.preloadPage('/library/', false);
    expect(preload.preloadedPage(library)).toBeTypeOf('function');
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
