import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiChunk, AiProviderError, complete } from '../../../src/server/adapters/ai/ai';
import { createOpenAiCompatibleProvider } from '../../../src/server/adapters/ai/openai-compatible';
import { type OpenAiServer, startOpenAiServer } from '../../fixtures/openai-server';

/** A real local server streaming `data:` events ending in `[DONE]`; the model name picks its behaviour. */
let server: OpenAiServer;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());

const provider = (model = 'test-model') =>
  createOpenAiCompatibleProvider({
    baseURL: server.baseURL,
    apiKey: 'sk-test',
    model,
    maxRetries: 0,
    timeoutMs: 10_000,
  });
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
    const sent = server.requests.at(-1)!;
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
    expect(server.requests.at(-1)!.body.model).toBe('other-model');
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
      Promise.race([server.slowClosed.then(() => 'closed'), sleep(3000).then(() => 'open')]),
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

  it('gives up on a provider that does not answer, or goes quiet mid-stream, after the timeout', async () => {
    // One request gets no headers at all; the next gets its headers and a first event, then silence.
    let calls = 0;
    const silent = createServer((_req, res) => {
      if (calls++ === 0) return;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const p = createOpenAiCompatibleProvider({
      baseURL: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      maxRetries: 0,
      timeoutMs: 300,
    });
    try {
      const started = Date.now();
      const noHeaders = await complete(p, { messages: ask }).catch((e: unknown) => e);
      expect((noHeaders as Error).message).toBe(
        `AI provider error: 127.0.0.1:${port} did not answer in time`,
      );
      const got: AiChunk[] = [];
      const quiet = await (async () => {
        for await (const c of p.stream({ messages: ask })) got.push(c);
      })().catch((e: unknown) => e);
      expect(got).toEqual([{ type: 'text', text: 'Hel' }]);
      expect(quiet).toBeInstanceOf(AiProviderError);
      expect((quiet as Error).message).toMatch(/the stream from 127\.0\.0\.1:\d+ broke/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
