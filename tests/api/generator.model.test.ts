import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERATION_STAGES } from '../../src/shared/contract/generator';
import { validateGraph } from '../../src/shared/domain/link-rules';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { type OpenAiRequest, type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, user } from './helpers/credits';
import { postStream, sseEvents } from './helpers/sse';
import { makeUser, type TestUser } from './helpers/users';

const PATH = '/api/v1/flows/generate';
const PROMPT = 'a 20-minute lesson on photosynthesis with a quiz and feedback';
const GOOD_FLOW = JSON.stringify({
  nodes: [
    { id: 'start', type: 'beginNode', data: {} },
    { id: 'intro', type: 'displayNode', data: { text: 'Plants make sugar from light.' } },
    { id: 'ask', type: 'inputNode', data: { question: 'Explain photosynthesis.' } },
    { id: 'fb', type: 'processNode', data: { rubric: 'Mentions light and sugar.' } },
  ],
  edges: [
    { source: 'start', sourceHandle: 'out', target: 'intro', targetHandle: 'in' },
    { source: 'intro', sourceHandle: 'out', target: 'ask', targetHandle: 'in' },
    { source: 'ask', sourceHandle: 'out', target: 'fb', targetHandle: 'in' },
    { source: 'ask', sourceHandle: 'text', target: 'fb', targetHandle: 'response' },
  ],
});
/** Links the rules refuse: wrong handles, a type mismatch, a link to nowhere. */
const BAD_LINKS_FLOW = JSON.stringify({
  nodes: [
    { id: 'start', type: 'beginNode' },
    { id: 'intro', type: 'displayNode' },
    { id: 'ask', type: 'inputNode' },
  ],
  edges: [
    { source: 'start', sourceHandle: 'exec', target: 'intro', targetHandle: 'in' },
    { source: 'intro', sourceHandle: 'nope', target: 'ask' },
    { source: 'ask', sourceHandle: 'text', target: 'intro', targetHandle: 'in' },
    { source: 'ask', target: 'ghost' },
  ],
});
const WIDGETS = JSON.stringify({
  widgets: [
    { widgetId: 'displayNode', widgetDescription: 'Introduction', draftContents: 'Plants make sugar.' },
  ],
});

type Mode = 'good' | 'invalid-once' | 'invalid' | 'bad-links' | 'broken' | 'slow';
let mode: Mode = 'good';
let ai: OpenAiServer;
let t: TestApp;
let ann: TestUser;

const lastUser = (body: OpenAiRequest['body']) => {
  const messages = body.messages as Array<{ role: string; content: string }>;
  return messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
};
const flowAsks = () => ai.requests.filter((r) => lastUser(r.body).includes('"edges"')).length;

beforeAll(async () => {
  ai = await startOpenAiServer({
    usage: { prompt_tokens: 100, completion_tokens: 50 },
    answer(body) {
      const asked = lastUser(body);
      if (mode === 'broken') return null;
      if (mode === 'slow') return { pieces: Array.from({ length: 40 }, (_, i) => `word${i} `), delayMs: 40 };
      if (!asked.includes('"edges"')) {
        if (asked.includes('"widgets"')) return { pieces: [WIDGETS] };
        return { pieces: ['Objectives: ', 'explain photosynthesis.'] };
      }
      if (mode === 'invalid' || (mode === 'invalid-once' && flowAsks() === 1))
        return { pieces: ['{"nodes": [ oops'] };
      return { pieces: [mode === 'bad-links' ? BAD_LINKS_FLOW : `Here it is: ${GOOD_FLOW}`] };
    },
  });
  t = await createTestApp({ AI_BASE_URL: ai.baseURL });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(async () => {
  await t.reset();
  ai.requests.length = 0;
  mode = 'good';
  ann = await makeUser(t, 'ann@example.com');
  await creditsOf(t).grant({ to: user(ann.id), amount: cr('10'), idempotencyKey: 'g1' });
});

const generate = async () =>
  sseEvents(await postStream(t, PATH, { flow_input: PROMPT }, { token: ann.token }));
const statuses = (events: Array<{ type: string; status?: string }>) =>
  events.filter((e) => e.type === 'status_changed').map((e) => e.status);
const perCall = priceCall('gpt-5-mini', { inputTokens: 100, outputTokens: 50 });

describe('[GENERATOR] generation with an OpenAI-compatible model', () => {
  it('prompts each stage with the catalogue, streams the texts, and charges each call exactly', async () => {
    const events = await generate();
    expect(statuses(events)).toEqual([...GENERATION_STAGES]);
    expect(ai.requests).toHaveLength(6);
    expect(ai.requests.every((r) => r.body.model === 'gpt-5-mini')).toBe(true);
    expect(lastUser(ai.requests[3].body)).toContain('processNode (AI General Feedback)');
    expect(lastUser(ai.requests[5].body)).toContain('in response:text');
    expect(lastUser(ai.requests[1].body)).toContain('Objectives: explain photosynthesis.');
    expect(events.filter((e) => e.type === 'llm_stream').map((e) => e.content)).toContain('Objectives: ');
    expect(events.find((e) => e.type === 'research_completed').widgets).toEqual(JSON.parse(WIDGETS).widgets);
    const done = events.at(-1);
    expect(done.type).toBe('flow_generation_completed');
    expect(validateGraph(done).ok).toBe(true);
    expect(done.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'intro', 'ask', 'fb']);
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance.balance).toBe(cr('10') - 6n * perCall);
    expect(balance.reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('repairs links the rules refuse instead of returning a broken flow', async () => {
    mode = 'bad-links';
    const done = (await generate()).at(-1);
    expect(done.type).toBe('flow_generation_completed');
    expect(validateGraph(done).ok).toBe(true);
    expect(
      done.edges.map(
        (e: Record<string, string>) => `${e.source}.${e.sourceHandle}>${e.target}.${e.targetHandle}`,
      ),
    ).toEqual([
      // Start's Background output cannot reach a step: its step output is used instead.
      'start.out>intro.in',
      'intro.out>ask.in',
      // The answer's output handle is kept; the input handle becomes the one of the same data type.
      'ask.text>intro.text',
    ]);
  });

  it('asks again after invalid JSON and uses the second answer', async () => {
    mode = 'invalid-once';
    const events = await generate();
    expect(flowAsks()).toBe(2);
    expect(lastUser(ai.requests.at(-1)?.body ?? {})).toContain('could not be used: it was not valid JSON');
    expect(events.at(-1).type).toBe('flow_generation_completed');
  });

  it('ends with an error and no flow after three unusable answers, paying only for the calls made', async () => {
    mode = 'invalid';
    const events = await generate();
    expect(flowAsks()).toBe(3);
    expect(events.some((e) => e.type === 'flow_generation_completed')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'error' });
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance.balance).toBe(cr('10') - 8n * perCall);
    expect(balance.reserved).toBe(0n);
  });

  it('reports a failing provider in the stream and frees the hold', async () => {
    mode = 'broken';
    const events = await generate();
    expect(statuses(events)).toEqual(['standards_extraction']);
    expect(events.at(-1)).toMatchObject({ type: 'error', errorCode: 'AI_PROVIDER_ERROR' });
    expect(events.at(-1).message).toContain('The model exploded');
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance).toMatchObject({ balance: cr('10'), reserved: 0n });
  });

  it('refuses to start when the wallet cannot pay the first stage', async () => {
    const bob = await makeUser(t, 'bob@example.com');
    const res = await t.call('POST', PATH, { token: bob.token, body: { flow_input: PROMPT } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('UNIT_BALANCE_INSUFFICIENT');
    expect(ai.requests).toHaveLength(0);
  });

  it('charges per stage: a wallet that runs dry half-way ends the stream with the credit error', async () => {
    const cleo = await makeUser(t, 'cleo@example.com');
    await creditsOf(t).grant({ to: user(cleo.id), amount: cr('0.2'), idempotencyKey: 'g-cleo' });
    const events = await sseEvents(await postStream(t, PATH, { flow_input: PROMPT }, { token: cleo.token }));
    expect(statuses(events)).toEqual(['standards_extraction', 'thought_process']);
    expect(events.at(-1)).toMatchObject({ type: 'error', errorCode: 'UNIT_BALANCE_INSUFFICIENT' });
    expect(ai.requests).toHaveLength(1);
    const balance = await creditsOf(t).balanceOf(user(cleo.id));
    expect(balance).toMatchObject({ balance: cr('0.2') - perCall, reserved: 0n });
    await expectBooksBalance(t);
  });

  it('Stop aborts the provider call and releases what was held but not used', async () => {
    mode = 'slow';
    const stop = new AbortController();
    const res = await postStream(t, PATH, { flow_input: PROMPT }, { token: ann.token, signal: stop.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('word2')) seen += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    stop.abort();
    await ai.slowClosed;
    let balance = await creditsOf(t).balanceOf(user(ann.id));
    for (let i = 0; i < 50 && balance.reserved > 0n; i++) {
      await new Promise((r) => setTimeout(r, 20));
      balance = await creditsOf(t).balanceOf(user(ann.id));
    }
    expect(balance.reserved).toBe(0n);
    // Only what streamed before Stop is paid: far less than one finished call's hold.
    expect(balance.balance).toBeGreaterThan(cr('10') - perCall);
    expect(ai.requests).toHaveLength(1);
    await expectBooksBalance(t);
  });
});
