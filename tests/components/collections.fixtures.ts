import { vi } from 'vitest';

/** Answers shaped by src/shared/contract/{collections,flows}.ts, and a fetch stub that routes by method + path. */
export const P1 = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const USER = 'bbbbbbbbbbbbbbbbbbbbbbbb';
let seq = 0;
export const hexId = () => (++seq).toString(16).padStart(24, 'c');

export function summary(name: string, extra: Record<string, unknown> = {}) {
  const id = hexId();
  return {
    _id: id,
    id,
    name,
    description: '',
    iconUrl: null,
    projectId: P1,
    ownerId: USER,
    orgId: null,
    published: false,
    revision: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    nodesCount: 2,
    ...extra,
  };
}

/** A full flow (what create, rename, duplicate and import answer). */
export function fullFlow(s: ReturnType<typeof summary>) {
  const { nodesCount: _n, ...rest } = s;
  return { ...rest, nodes: [], edges: [] };
}

export type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => { status?: number; body: unknown };

/** Stubs fetch: `routes['GET projects/x/flows']` answers; every call is recorded in `calls`. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: `${path}${url.search}`, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ message: `no stub for ${method} ${path}` }), { status: 404 });
    const { status = 200, body: answer } = handler(call);
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
