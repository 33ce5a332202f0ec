import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../src/shared/api/session-hint';
import { stubApi } from './stub-api';

/** The player's start with no session hint: ask nothing, except once to find a pre-hint session. */
describe('the learner player session with no hint cookie', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that clears the hint
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    vi.unstubAllGlobals();
  });

  it('asks /auth/config once per browser and never /auth/refresh when there is no session', async () => {
    const calls = stubApi({ 'GET auth/config': () => ({ body: {} }) });
    const { getAccessToken } = await import('../../src/player/session');
    expect(await getAccessToken()).toBeNull();
    expect(await getAccessToken()).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET auth/config']);
    vi.resetModules();
    const again = await import('../../src/player/session');
    expect(await again.getAccessToken()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('refreshes when /auth/config found a refresh cookie from before the hint and set the hint', async () => {
    const calls = stubApi({
      'GET auth/config': () => {
        // biome-ignore lint/suspicious/noDocumentCookie: the server's Set-Cookie of the hint
        document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
        return { body: {} };
      },
      'POST auth/refresh': () => ({ body: { accessToken: 'header.e30.signature' } }),
    });
    const { getAccessToken } = await import('../../src/player/session');
    expect(await getAccessToken()).toBe('header.e30.signature');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET auth/config', 'POST auth/refresh']);
  });
});
