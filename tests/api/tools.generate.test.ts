import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AiChunk,
  type AiProvider,
  AiProviderError,
  type AiRequest,
} from '../../src/server/adapters/ai/ai';
import { createCreditsService } from '../../src/server/credits/credits.service';
import { parseCredits } from '../../src/shared/domain/decimal';
import { createTestApp, type TestApp } from './harness';
import { createWorld, insertFlow, type ToolWorld } from './tools-fixtures';

/** Sign-ups hash passwords with scrypt: slow on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;

/** A stand-in for a configured model: answers with `reply`, or fails like a provider would. */
let reply: string | Error = '';
const seen: AiRequest[] = [];
const model: AiProvider = {
  id: 'openai-compatible',
  label: 'test model',
  offline: false,
  async *stream(req): AsyncGenerator<AiChunk> {
    seen.push(req);
    if (reply instanceof Error) throw reply;
    yield { type: 'reasoning', text: 'hmm' };
    yield { type: 'text', text: reply };
    yield { type: 'done' };
  },
};

let t: TestApp;
let w: ToolWorld;
let flowId: string;
const generate = () =>
  t.call('POST', '/api/tool/generate-name-description', { token: w.admin.token, body: { flows: [flowId] } });

beforeAll(async () => {
  t = await createTestApp({}, { ai: model });
  w = await createWorld(t);
  // A configured model is paid for: the caller's personal wallet needs credits.
  const to = { kind: 'user' as const, userId: w.admin.id };
  await createCreditsService(t.deps).grant({ to, amount: parseCredits('100'), idempotencyKey: 'test-grant' });
  flowId = await insertFlow(t, {
    ownerId: w.admin.id,
    name: 'Volcano tour',
    nodeTypes: ['beginNode', 'quizJsonNode'],
  });
}, HOOK_TIMEOUT_MS);
afterAll(() => t.close());

describe('[TOOLS] generate a name and description with a configured model', () => {
  it('asks the model about the flows and reads its JSON answer', async () => {
    reply =
      '```json\n{"name": "Volcano Voyager", "description": "Learners tour a volcano and take a quiz."}\n```';
    const res = await generate();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      name: 'Volcano Voyager',
      description: 'Learners tour a volcano and take a quiz.',
      provider: 'openai-compatible',
    });
    const prompt = seen
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('Name: Volcano tour');
    expect(prompt).toContain('Node types: beginNode, quizJsonNode');
    expect(prompt).toContain('JSON');
  });

  it('answers 502 with the provider’s message when the model fails or says nothing useful', async () => {
    reply = new AiProviderError('AI provider error (429): Rate limit reached', 429);
    const failed = await generate();
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      message: 'AI provider error (429): Rate limit reached',
      errorCode: 'AI_PROVIDER_ERROR',
    });
    reply = '   ';
    const empty = await generate();
    expect(empty.status).toBe(502);
    expect(empty.body.message).toBe('AI provider error: the model returned no name');
  });
});
