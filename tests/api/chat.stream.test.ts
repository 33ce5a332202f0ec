import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTPUT_BLOCK_TOKENS } from '../../src/server/chat/chat-answer.service';
import { boundFor } from '../../src/server/credits/ai-usage';
import { formatCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

/** 400 characters: 100 tokens by the usual estimate, so a slow answer soon needs a second hold. */
const BIG = `${'lava '.repeat(80)}`;
let ai: OpenAiServer;
let t: TestApp;
let ann: TestUser;
let orgId: string;
/** Run as the provider receives a request, before it answers. */
let onProviderRequest: (() => Promise<void>) | null = null;

beforeAll(async () => {
  ai = await startOpenAiServer({
    text: ['Hello', ', world'],
    usage: { prompt_tokens: 12, completion_tokens: 5 },
    slowModels: ['gpt-4o', 'gpt-4.1-mini'],
    brokenModels: ['gpt-4o-mini'],
    slowPiece: (i) => (i === 0 ? 'first ' : BIG),
    slowDelayMs: 40,
    onRequest: async () => {
      await onProviderRequest?.();
    },
  });
  t = await createTestApp({ AI_BASE_URL: ai.baseURL });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(async () => {
  onProviderRequest = null;
  await t.reset();
  ann = await makeUser(t, 'ann@example.com');
  orgId = await makeOrg(t, 'School', ann);
  await creditsOf(t).grant({ to: user(ann.id), amount: cr('10'), idempotencyKey: 'g1' });
  await creditsOf(t).grant({ to: org(orgId), amount: cr('10'), idempotencyKey: 'g2' });
});

const newChat = async (org?: string) =>
  (await t.call('POST', '/api/chat-with-ai/chat', { token: ann.token, body: { title: '' }, orgId: org })).body
    .chat.chatId as string;

/** POSTs and returns the raw streamed response. */
const post = async (body: object, init: RequestInit = {}, org?: string): Promise<Response> =>
  t.app.request('/api/chat-with-ai', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${ann.token}`,
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(org ? { orgId: org } : {}),
    },
    body: JSON.stringify(body),
    ...init,
  });

/** The `data:` payloads of a finished stream, in order. */
async function events(res: Response): Promise<string[]> {
  const text = await res.text();
  expect(text.endsWith('data: [DONE]\n\n'), text.slice(-200)).toBe(true);
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      expect(block.startsWith('data: '), block).toBe(true);
      return block.slice(6);
    });
}
// biome-ignore lint/suspicious/noExplicitAny: event payloads of every shape
const parsed = (list: string[]): any[] => list.filter((e) => e !== '[DONE]').map((e) => JSON.parse(e));

describe('[CHAT] answers from an OpenAI-compatible provider', () => {
  it('streams reasoning and content as data: lines ending in [DONE], and saves the answer', async () => {
    const chatId = await newChat();
    const res = await post({ query: 'Say hello', chatId, model: 'gpt-5-mini' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const list = await events(res);
    expect(list.at(-1)).toBe('[DONE]');
    const ev = parsed(list);
    expect(ev.filter((e) => 'reasoningContent' in e && !e.done).map((e) => e.reasoningContent)).toEqual([
      'Thinking about ',
      'it.',
    ]);
    expect(ev.filter((e) => 'content' in e && !e.done).map((e) => e.content)).toEqual(['Hello', ', world']);
    const done = ev.at(-1);
    expect(done).toMatchObject({
      done: true,
      content: 'Hello, world',
      reasoningContent: 'Thinking about it.',
    });
    expect(ai.requests.at(-1)?.body.model).toBe('gpt-5-mini');

    const history = (await t.call('GET', `/api/chat-with-ai/history?chatId=${chatId}`, { token: ann.token }))
      .body.chats[0].histories;
    expect(history.map((h: { role: string }) => h.role)).toEqual(['user', 'assistant']);
    expect(history[1]).toMatchObject({
      parentHistoryId: history[0]._id,
      modelIdx: 0,
      model: 'gpt-5-mini',
      reasoningContent: 'Thinking about it.',
      cost: done.cost,
    });
  });

  it('charges exactly the provider’s reported usage, to the space’s wallet, and frees the rest', async () => {
    const chatId = await newChat(orgId);
    const res = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      orgId,
      body: { query: 'Hi', chatId, model: 'gpt-5-mini' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = priceCall('gpt-5-mini', { inputTokens: 12, outputTokens: 5 });
    expect(res.body.cost).toBe(formatCredits(expected));
    expect(res.body.usage).toEqual({ inputTokens: 12, outputTokens: 5 });
    expect(res.body.choices[0].message.content).toBe('Hello, world');
    expect(res.headers.get('x-credits-changed') ?? res.headers.get('X-Credits-Changed')).toBeTruthy();
    const balance = await creditsOf(t).balanceOf(org(orgId));
    expect(balance.balance).toBe(cr('10') - expected);
    expect(balance.reserved).toBe(0n);
    expect((await creditsOf(t).balanceOf(user(ann.id))).balance).toBe(cr('10'));
    await expectBooksBalance(t);
  });

  it('gives each of two models its own branch of the conversation (modelIdx)', async () => {
    const chatId = await newChat();
    const saved = await t.call('POST', '/api/chat-with-ai/history', {
      token: ann.token,
      body: { histories: [{ chatId, role: 'user', content: 'First question' }] },
    });
    const parentHistoryId = saved.body.histories[0]._id;
    const [a, b] = await Promise.all([
      post({ query: 'First question', chatId, parentHistoryId, model: 'gpt-5-mini', modelIdx: 0 }),
      post({ query: 'First question', chatId, parentHistoryId, model: 'o4-mini', modelIdx: 1 }),
    ]);
    expect(parsed(await events(a)).at(-1)).toMatchObject({ done: true, modelIdx: 0, model: 'gpt-5-mini' });
    expect(parsed(await events(b)).at(-1)).toMatchObject({ done: true, modelIdx: 1, model: 'o4-mini' });
    await events(await post({ query: 'Second', chatId, model: 'o4-mini', modelIdx: 1 }));
    const last = ai.requests.at(-1)?.body.messages as Array<{ role: string; content: string }>;
    expect(last.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const history = (await t.call('GET', `/api/chat-with-ai/history?chatId=${chatId}`, { token: ann.token }))
      .body.chats[0].histories;
    expect(history.filter((h: { role: string }) => h.role === 'assistant')).toHaveLength(3);
    expect(
      history.filter((h: { parentHistoryId: string }) => h.parentHistoryId === parentHistoryId),
    ).toHaveLength(2);
  });

  it('holds the first block of credits before the provider is asked', async () => {
    const seen: bigint[] = [];
    onProviderRequest = async () => {
      seen.push((await creditsOf(t).balanceOf(user(ann.id))).reserved);
    };
    const res = await post({ query: 'Hello', chatId: await newChat(), model: 'gpt-5-mini' });
    expect(res.status).toBe(200);
    await events(res);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(0n);
    expect((await creditsOf(t).balanceOf(user(ann.id))).reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('a long conversation gets the rest of its first hold before the provider is asked', async () => {
    const chatId = await newChat();
    const long = 'word '.repeat(2000); // 10,000 characters, ~2,500 tokens a message
    const saved = await t.call('POST', '/api/chat-with-ai/history', {
      token: ann.token,
      body: {
        histories: [
          { chatId, role: 'user', content: long },
          { chatId, role: 'user', content: long },
        ],
      },
    });
    expect(saved.status).toBe(201);
    const seen: bigint[] = [];
    onProviderRequest = async () => {
      seen.push((await creditsOf(t).balanceOf(user(ann.id))).reserved);
    };
    const res = await post({ query: 'Hello', chatId, model: 'gpt-5-mini' });
    await events(res);
    const exact = boundFor(
      'gpt-5-mini',
      [
        { role: 'user', content: long },
        { role: 'user', content: long },
        { role: 'user', content: 'Hello' },
      ],
      OUTPUT_BLOCK_TOKENS,
    );
    expect(seen).toEqual([exact]);
    expect((await creditsOf(t).balanceOf(user(ann.id))).reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('a wallet too small for the early hold but enough for the exact one gets its answer', async () => {
    const exact = boundFor('gpt-5-mini', [{ role: 'user', content: 'Hi' }], OUTPUT_BLOCK_TOKENS);
    const low = await makeUser(t, 'low@example.com');
    await creditsOf(t).grant({ to: user(low.id), amount: exact, idempotencyKey: 'g-low' });
    const res = await t.call('POST', '/api/chat-with-ai', {
      token: low.token,
      body: { query: 'Hi', model: 'gpt-5-mini' },
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('Hello, world');
    expect((await creditsOf(t).balanceOf(user(low.id))).reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('a client abort cancels the upstream request and charges only what was produced', async () => {
    const chatId = await newChat();
    const stop = new AbortController();
    const res = await post(
      { query: 'Tell me a long story', chatId, model: 'gpt-4o' },
      { signal: stop.signal },
    );
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"content":"first "');
    stop.abort();
    await reader.cancel().catch(() => undefined);
    await ai.slowClosed;
    // The answer is settled and saved in the background: wait for it.
    let history: Array<{ role: string; content: string; cost: string }> = [];
    for (let i = 0; i < 50 && history.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      history = (await t.call('GET', `/api/chat-with-ai/history?chatId=${chatId}`, { token: ann.token })).body
        .chats[0].histories;
    }
    expect(history).toHaveLength(2);
    expect(history[1].content.startsWith('first ')).toBe(true);
    expect(history[1].content.length).toBeLessThan(5 + 50 * BIG.length);
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance.reserved).toBe(0n);
    expect(cr('10') - balance.balance).toBe(cr(history[1].cost));
    expect(cr(history[1].cost)).toBeGreaterThan(0n);
    await expectBooksBalance(t);
  });

  it('stops a stream with the credit error when the wallet cannot hold the next block', async () => {
    const poor = await makeUser(t, 'poor@example.com');
    await creditsOf(t).grant({ to: user(poor.id), amount: cr('0.5'), idempotencyKey: 'g3' });
    const res = await t.app.request('/api/chat-with-ai', {
      method: 'POST',
      headers: { Authorization: `Bearer ${poor.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'Long answer please', model: 'gpt-4.1-mini', stream: true }),
    });
    expect(res.status).toBe(200);
    const ev = parsed(await events(res));
    expect(ev.filter((e) => 'content' in e).length).toBeGreaterThan(1);
    expect(ev.at(-1)).toEqual({
      error: { message: expect.any(String), errorCode: 'UNIT_BALANCE_INSUFFICIENT' },
    });
    const balance = await creditsOf(t).balanceOf(user(poor.id));
    expect(balance.reserved).toBe(0n);
    expect(balance.balance).toBeGreaterThanOrEqual(0n);
    expect(balance.balance).toBeLessThan(cr('0.5'));
    await expectBooksBalance(t);
  });

  it('refuses before streaming when the first hold does not fit, with the spec’s codes', async () => {
    await creditsOf(t).setMonthlyLimit(orgId, cr('0.000001'));
    const res = await post({ query: 'Hi', model: 'gpt-5-mini' }, {}, orgId);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errorCode: 'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED' });
    const broke = await makeUser(t, 'broke@example.com');
    const r2 = await t.call('POST', '/api/chat-with-ai', {
      token: broke.token,
      body: { query: 'Hi', model: 'gpt-5-mini' },
    });
    expect(r2.status).toBe(400);
    expect(r2.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
  });

  it('reports a failing provider as an error event and charges nothing', async () => {
    const ev = parsed(await events(await post({ query: 'Hi', model: 'gpt-4o-mini' })));
    expect(ev).toEqual([
      { error: { message: expect.stringContaining('The model exploded'), errorCode: 'AI_PROVIDER_ERROR' } },
    ]);
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance).toMatchObject({ balance: cr('10'), reserved: 0n });
  });

  it('refuses unknown or disabled models and bad input with 400 naming the field', async () => {
    const res = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      body: { query: 'Hi', model: 'broken' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('model');
    const disabled = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      body: { query: 'Hi', model: 'gpt-3.5-turbo' },
    });
    expect(disabled.status).toBe(400);
    const badIdx = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      body: { query: 'Hi', modelIdx: 2 },
    });
    expect(badIdx.status).toBe(400);
    expect(badIdx.body.message).toContain('modelIdx');
  });
});
