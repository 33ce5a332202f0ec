import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  /** The request's headers, as the api client set them. */
  headers?: Record<string, string>;
}
export type Reply = { status?: number; body?: unknown; sse?: string[] };

/**
 * A fetch stand-in for component tests: answers by "METHOD path" (the path after /api/, without the
 * query), JSON by default, or a server-sent event body whose `sse` events arrive one by one (a
 * request's abort stops them). Every call is recorded, query included, in the returned list.
 */
export function stubApi(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { method, path: `${path}${url.search}`, body };
    // Readable by tests that ask for it, but left out of tests' deep comparisons of the calls.
    Object.defineProperty(call, 'headers', {
      value: (init?.headers ?? {}) as Record<string, string>,
      enumerable: false,
    });
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ message: `no stub for ${method} ${path}` }), { status: 404 });
    const reply = handler(call);
    if (reply.sse) {
      const events = reply.sse;
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const e of events) {
            if (init?.signal?.aborted) break;
            controller.enqueue(new TextEncoder().encode(`data: ${e}\n\n`));
            await new Promise((r) => setTimeout(r, 5));
          }
          controller.close();
        },
      });
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
