import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowPageKey, prefetchFlowPage, takePrefetched } from '../../src/player/prefetch';

describe('[PLAYER] a flow page starts its loads at boot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the reads of a flow address and hands them to that page once', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('{"data":{}}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    prefetchFlowPage('/viewer/public-assignment/ab%20c/flow/f1');
    const key = flowPageKey({ kind: 'public', code: 'ab c' }, 'f1');
    expect(takePrefetched(flowPageKey({ kind: 'public', code: 'ab c' }, 'other'))).toBeNull();
    const early = takePrefetched(key);
    expect(early).not.toBeNull();
    expect(takePrefetched(key)).toBeNull();
    expect(asked.some((u) => u.includes('/api/player/public/ab%20c/flow/f1'))).toBe(true);
    await early?.catch(() => undefined);
  });

  it('leaves other addresses to their pages', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    prefetchFlowPage('/viewer/assignment/a1');
    prefetchFlowPage('/viewer/join');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(takePrefetched(flowPageKey({ kind: 'assignment', id: 'a1' }, ''))).toBeNull();
  });
});
