import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiError, api, configureApi } from '../../../src/shared/api/http';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: () => Promise<Response>;
const errors: ApiError[] = [];

beforeEach(() => {
  calls = [];
  errors.length = 0;
  answer = async () => Response.json({ ok: true });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  configureApi(
    {
      getAccessToken: async () => 'tok',
      getOrgId: () => null,
      isOnline: () => true,
      onError: (e) => errors.push(e),
    },
    'http://x',
  );
});
afterEach(() => vi.unstubAllGlobals());

const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

describe('[SHELL] api transport', () => {
  it('adds the bearer token and no orgId in the personal space', async () => {
    await api.get('users/organizations', { query: { limit: 20, keyword: '' } });
    expect(calls[0].url).toBe('http://x/api/users/organizations?limit=20');
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok');
    expect(header(calls[0], 'orgId')).toBeUndefined();
  });

  it('adds orgId when the space is an organisation', async () => {
    configureApi({ getOrgId: () => 'abc' });
    await api.post('projects', { name: 'A' });
    expect(header(calls[0], 'orgId')).toBe('abc');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0].init.body).toBe('{"name":"A"}');
  });

  it('sends no token on anonymous calls', async () => {
    await api.get('organizations/by-org-code-public', { anonymous: true });
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });

  it('parses answers with the contract schema and rejects a wrong shape', async () => {
    answer = async () => Response.json({ data: [1, 2] });
    await expect(api.get('x', { schema: z.object({ data: z.array(z.number()) }) })).resolves.toEqual({
      data: [1, 2],
    });
    answer = async () => Response.json({ data: 'nope' });
    await expect(api.get('x', { schema: z.object({ data: z.array(z.number()) }) })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('turns the error envelope into an ApiError with status, code and message (arrays joined)', async () => {
    answer = async () => Response.json({ message: ['a', 'b'], errorCode: 'X' }, { status: 400 });
    await expect(api.get('x')).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      errorCode: 'X',
      message: 'a, b',
    });
    expect(errors).toHaveLength(1);
  });

  it('tells a network failure, an offline browser and a cancelled request apart', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(api.get('x')).rejects.toMatchObject({ kind: 'network' });
    configureApi({ isOnline: () => false });
    await expect(api.get('x')).rejects.toMatchObject({ kind: 'offline' });
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(api.get('x', { signal: ctrl.signal })).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
