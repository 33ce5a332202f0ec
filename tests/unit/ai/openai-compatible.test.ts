import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiChunk, AiProviderError, complete } from '../../../src/server/adapters/ai/ai';
import { createOpenAiCompatibleProvider } from '../../../src/server/adapters/ai/openai-compatible';

/**
 * A real HTTP server on 127.0.0.1 that speaks the chat completions stream: `data: {json}` events
 * ending in `data: [DONE]`. The model name picks the behaviour.
 */
let server: Server;
let baseURL: string;
const requests: Array<{ path: string; body: { model?: string } & Record<string, unknown>; auth?: string }> =
  [];
let slowClosed: Promise<void>;
let markSlowClosed: () => void = () => {};

const chunk = (delta: object, usage?: object) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: usage ? [] : [{ index: 0, delta, finish_reason: null }], ...(usage ? { usage } : {}) })}\n\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  for await (const part of req) raw += part;
  const body = JSON.parse(raw);
  requests.push({ path: req.url ?? '', body, auth: req.headers.authorization });
  if (body.model === 'broken') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'The model exploded', type: 'server_error' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (body.model === 'slow') {
    res.on('close', () => markSlowClosed());
    for (let i = 0; i < 50 && !res.destroyed; i++) {
      res.write(chunk({ content: `word${i} ` }));
      await sleep(100);
    }
    res.end('data: [DONE]\n\n');
    return;
  }
  res.write(chunk({ role: 'assistant', content: '' }));
  res.write(chunk({ reasoning_content: 'Thinking about ' }));
  res.write(chunk({ reasoning: 'it.' }));
  res.write(chunk({ content: 'Hello' }));
  res.write(chunk({ content: ', world' }));
  res.write(chunk({}, { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 }));
  res.end('data: [DONE]\n\n');
}

beforeAll(async () => {
  slowClosed = new Promise((resolve) => {
    markSlowClosed = resolve;
  });
  server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = (model = 'test-model') =>
  createOpenAiCompatibleProvider({ baseURL, apiKey: 'sk-test', model, maxRetries: 0, timeoutMs: 10_000 });
const ask = [{ role: 'user' as const, content: 'Hi' }];

describe('[AI] OpenAI-compatible provider', () => {
  it('streams reasoning, text and usage in order, then done', async () => {
    const chunks: AiChunk[] = [];
    for await (const c of provider().stream({ messages: ask, maxTokens: 50 })) chunks.push(c);
    expect(chunks).toEqual([
      { type: 'reasoning', text: 'Thinking about ' },
      { type: 'reasoning', text: 'it.' },
      { type: 'text', text: 'Hello' },
      { type: 'text', text: ', world' },
      { type: 'usage', inputTokens: 12, outputTokens: 5 },
      { type: 'done' },
    ]);
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'test-model',
      messages: ask,
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 50,
    });
  });

  it('collects the whole answer with complete(), honouring a model override', async () => {
    const out = await complete(provider(), { model: 'other-model', messages: ask });
    expect(out).toEqual({
      text: 'Hello, world',
      reasoning: 'Thinking about it.',
      usage: { inputTokens: 12, outputTokens: 5 },
    });
    expect(requests.at(-1)!.body.model).toBe('other-model');
  });

  it('stops on abort: the iterator throws AbortError and the server sees the socket close', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const run = async () => {
      for await (const c of provider('slow').stream({ messages: ask, signal: controller.signal })) {
        if (c.type === 'text') {
          seen.push(c.text);
          controller.abort();
        }
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['word0 ']);
    await expect(
      Promise.race([slowClosed.then(() => 'closed'), sleep(3000).then(() => 'open')]),
    ).resolves.toBe('closed');
  });

  it('throws AbortError at once for a signal that has already fired', async () => {
    const iterator = provider()
      .stream({ messages: ask, signal: AbortSignal.abort() })
      [Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('turns an error answer into an AiProviderError with the provider’s message', async () => {
    const error = await complete(provider('broken'), { messages: ask }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ status: 502, providerStatus: 500, code: 'AI_PROVIDER_ERROR' });
    expect((error as Error).message).toBe('AI provider error (500): The model exploded');
  });

  it('turns an unreachable server into an AiProviderError naming the host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const p = createOpenAiCompatibleProvider({
      baseURL: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      maxRetries: 0,
    });
    const error = await complete(p, { messages: ask }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as Error).message).toBe(`AI provider error: cannot reach 127.0.0.1:${port}`);
  });
});
