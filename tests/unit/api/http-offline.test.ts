import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reactionFor } from '../../../src/shared/api/error-catalogue';
import { ApiError, api, configureApi } from '../../../src/shared/api/http';
import { CACHE_HEADER, QUEUED_HEADER } from '../../../src/shared/outbox/protocol';

let answer: () => Response;
const errors: ApiError[] = [];
const stale: string[] = [];

beforeEach(() => {
  errors.length = 0;
  stale.length = 0;
  vi.stubGlobal('fetch', async () => answer());
  configureApi(
    {
      getAccessToken: async () => 'tok',
      getOrgId: () => null,
      isOnline: () => true,
      onError: (e) => errors.push(e),
      onStale: (path) => stale.push(path),
    },
    'http://x',
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('[OFFLINE] the transport and the service worker', () => {
  it('reports an answer served from the worker cache as possibly out of date', async () => {
    answer = () => Response.json({ data: [] }, { headers: { [CACHE_HEADER]: 'stale' } });
    await expect(api.get('projects')).resolves.toEqual({ data: [] });
    expect(stale).toEqual(['projects']);
    answer = () => Response.json({ data: [] });
    await api.get('projects');
    expect(stale).toHaveLength(1);
  });

  it('turns a queued write into a silent `queued` error carrying the receipt', async () => {
    answer = () =>
      Response.json(
        { queued: true, outboxSize: 2, id: 'e1' },
        { status: 202, headers: { [QUEUED_HEADER]: '1' } },
      );
    const failed = await api.put('flows/abc', { revision: 1 }).catch((e: ApiError) => e);
    expect(failed).toMatchObject({ kind: 'queued', status: 202, details: { outboxSize: 2, id: 'e1' } });
    expect(reactionFor(failed as ApiError)).toEqual({ kind: 'silent' });
    expect(errors).toHaveLength(1);
  });

  it('raises the offline popup only for calls that are not quiet', () => {
    const offline = new ApiError('offline', 'You are offline');
    expect(reactionFor(offline)).toEqual({ kind: 'popup', popup: 'offline' });
    expect(reactionFor(offline, { quiet: true })).toEqual({ kind: 'silent' });
  });

  it('treats a plain 202 as a success', async () => {
    answer = () => Response.json({ ok: true }, { status: 202 });
    await expect(api.post('jobs', {})).resolves.toEqual({ ok: true });
  });
});
