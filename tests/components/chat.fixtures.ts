import { vi } from 'vitest';

export const NOW = Date.now();
export const hoursAgo = (h: number) => new Date(NOW - h * 3600_000).toISOString();
export const id = (n: number) => n.toString(16).padStart(24, '0');

export const session = (n: number, title: string, ageHours: number, lastMessage = '') => ({
  _id: id(n),
  id: id(n),
  chatId: id(n),
  title,
  lastMessage,
  orgId: null,
  model: null,
  createdAt: hoursAgo(ageHours),
  updatedAt: hoursAgo(ageHours),
  timestamp: hoursAgo(ageHours),
});

export const MODELS = ['gpt-5-mini:GPT-5 Mini', 'o4-mini:o4-mini', 'gpt-4o:GPT-4o'].map((s) => {
  const [code, name] = s.split(':');
  return {
    name,
    code,
    disabled: false,
    providerModel: code,
    provider: 'openai',
    price: 1,
    unit: 'tokens1k',
    added: false,
  };
});

type Reply = { status?: number; body?: unknown; sse?: string[] };
export interface Call {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

/**
 * A fetch stand-in: JSON answers by "METHOD path", and for POST chat-with-ai a server-sent event body
 * whose events arrive one by one (`gate` holds the last ones until released, to see streaming).
 */
export function stubChatApi(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: `${path}${url.search}`, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ message: 'no stub' }), { status: 404 });
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
