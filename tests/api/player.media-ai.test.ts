import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiMessage } from '../../src/server/adapters/ai/ai';
import { boundFor } from '../../src/server/credits/ai-usage';
import { createCreditsService, type TWalletOwner } from '../../src/server/credits/credits.service';
import { PlayerMessage } from '../../src/shared/contract/player';
import { parseCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { fakeMp3, TINY_PNG_BASE64 } from '../fixtures/openai-media';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, joinedFlowAssignment, worldPerTest } from './helpers/assignment-world';

/** The media route against the local OpenAI-compatible server: real HTTP, real credits. */
let ai: OpenAiServer;
beforeAll(async () => {
  // gpt-5 (priced) fails, so a failed vision call is seen to release its hold.
  ai = await startOpenAiServer({ brokenModels: ['gpt-5'] });
});
afterAll(() => ai.close());

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({ AI_BASE_URL: ai.baseURL, AI_API_KEY: 'sk-test' }),
  (world) => {
    w = world;
    t = world.t;
  },
);

const TYPES = [
  'beginNode',
  'textToSpeechNode',
  'transcribeConversationNode',
  'generateImageNode',
  'describeImageNode',
  'describeVideoNode',
  'generateVideoNode',
  'youtubeTranscribeNode',
];
const PNG_URL = `data:image/png;base64,${TINY_PNG_BASE64}`;
const grant = (to: TWalletOwner, amount: bigint) =>
  createCreditsService(t.deps).grant({ to, amount, idempotencyKey: `g-${Math.random()}` });
const orgWallet = () => createCreditsService(t.deps).balanceOf({ kind: 'org', orgId: w.org });

/** An assignment (PAY_BY_ORG) of one flow holding every media block; the participant has joined. */
async function mediaAssignment() {
  const { a, flowId } = await joinedFlowAssignment(w, 'Media', TYPES);
  const path = `/api/player/assignment/${a._id}/flow/${flowId}/media`;
  const call = (body: Record<string, unknown>, token = w.users.participant.token) =>
    t.call('POST', path, { token, body });
  return { a, flowId, path, call };
}

const node = (type: string) => ({ nodeId: `n${TYPES.indexOf(type)}`, nodeType: type });

describe('[PLAYER] media route with an OpenAI-compatible provider', () => {
  it('speaks, transcribes and draws through the provider (speech, transcription and image models cost 0)', async () => {
    const { call } = await mediaAssignment();
    const speech = await call({
      op: 'speech',
      ...node('textToSpeechNode'),
      text: 'Hello class',
      voice: 'nova',
    });
    expect(speech.status, JSON.stringify(speech.body)).toBe(200);
    expect(speech.body.data).toEqual({
      kind: 'audio',
      url: `data:audio/mpeg;base64,${fakeMp3('Hello class').toString('base64')}`,
    });
    expect(ai.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'nova' });

    const audio = `data:audio/webm;base64,${Buffer.alloc(300, 1).toString('base64')}`;
    const heard = await call({
      op: 'transcribe',
      ...node('transcribeConversationNode'),
      audio,
      language: 'en',
      speakers: true,
    });
    expect(heard.body.data).toEqual({ text: 'Speaker 1: I heard 300 bytes' });
    expect(ai.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini-transcribe',
      language: 'en',
      fileBytes: 300,
    });

    const image = await call({
      op: 'image',
      ...node('generateImageNode'),
      prompt: 'a frog',
      model: 'dall-e-3',
    });
    expect(image.body.data).toEqual({ url: PNG_URL });
    expect(ai.requests.at(-1)?.body).toMatchObject({ model: 'dall-e-3', prompt: 'a frog' });
    expect((await orgWallet()).balance).toBe(0n);
  });

  it('vision reserves the bound, charges exactly the provider’s tokens and frees the rest', async () => {
    const { call } = await mediaAssignment();
    await grant({ kind: 'org', orgId: w.org }, parseCredits('10'));
    const res = await call({
      op: 'describe',
      ...node('describeImageNode'),
      kind: 'image',
      images: [PNG_URL],
      prompt: 'What is it?',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cost = priceCall('gpt-5-mini', { inputTokens: 12, outputTokens: 5 });
    expect(res.body.data.text).toBe('Hello, world');
    expect(parseCredits(res.body.data.credits)).toBe(cost);
    const sent = ai.requests.at(-1)?.body as { messages: AiMessage[] };
    expect(sent.messages[1].content).toEqual([
      { type: 'text', text: 'What is it?' },
      { type: 'image_url', image_url: { url: PNG_URL } },
    ]);
    const wallet = await orgWallet();
    expect(wallet.balance).toBe(parseCredits('10') - cost);
    expect(wallet.reserved).toBe(0n);
  });

  it('a video is described from its frames; a failing model releases the whole hold (502)', async () => {
    const { call } = await mediaAssignment();
    await grant({ kind: 'org', orgId: w.org }, parseCredits('10'));
    const frames = [PNG_URL, PNG_URL, PNG_URL];
    const ok = await call({ op: 'describe', ...node('describeVideoNode'), kind: 'video', images: frames });
    expect(ok.status).toBe(200);
    const sent = ai.requests.at(-1)?.body as { messages: AiMessage[] };
    expect(String(sent.messages[0].content)).toContain('3 frames of one video');
    const before = await orgWallet();
    const failed = await call({
      op: 'describe',
      ...node('describeVideoNode'),
      kind: 'video',
      images: frames,
      model: 'gpt-5',
    });
    expect(failed.status).toBe(502);
    expect(failed.body.errorCode).toBe('AI_PROVIDER_ERROR');
    const after = await orgWallet();
    expect(after.balance).toBe(before.balance);
    expect(after.reserved).toBe(0n);
  });

  it('runs out of credits mid-way: the first call is paid, the second refused with the learner’s message', async () => {
    const { call } = await mediaAssignment();
    const body = {
      op: 'describe',
      ...node('describeImageNode'),
      kind: 'image',
      images: [PNG_URL],
      prompt: 'Hi',
    };
    const messages: AiMessage[] = [
      { role: 'system', content: 'You describe this image. Answer in the language of the question.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'image_url', image_url: { url: PNG_URL } },
        ],
      },
    ];
    const bound = boundFor('gpt-5-mini', messages, 1000);
    const cost = priceCall('gpt-5-mini', { inputTokens: 12, outputTokens: 5 });
    await grant({ kind: 'org', orgId: w.org }, bound + cost / 2n);
    expect((await call(body)).status).toBe(200);
    const refused = await call(body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'ORG_UNIT_BALANCE_INSUFFICIENT',
      message: PlayerMessage.askTeacher,
    });
    const wallet = await orgWallet();
    expect(wallet.balance).toBe(bound + cost / 2n - cost);
    expect(wallet.reserved).toBe(0n);
  });

  it('generating a video says there is no video model, and a non-YouTube link says it is none', async () => {
    const { call } = await mediaAssignment();
    expect((await call({ op: 'video', ...node('generateVideoNode'), prompt: 'a frog' })).body.data).toEqual({
      notice: 'no-video-model',
    });
    const yt = await call({ op: 'youtube', ...node('youtubeTranscribeNode'), url: 'https://example.com/x' });
    expect(yt.body.data).toEqual({ notice: 'youtube-not-a-video' });
  });
});

describe('[PLAYER] media route refusals and bad input', () => {
  it('refuses a stranger to the assignment and another space’s user (403), unknown links (404)', async () => {
    const { call, flowId } = await mediaAssignment();
    const body = { op: 'image', ...node('generateImageNode'), prompt: 'x' };
    expect((await call(body, w.users.outsider.token)).status).toBe(403);
    expect((await call(body, w.users.stranger.token)).status).toBe(403);
    const noToken = await t.call('POST', `/api/player/assignment/${'a'.repeat(24)}/flow/${flowId}/media`, {
      body,
    });
    expect(noToken.status).toBe(401);
    const pub = await t.call('POST', `/api/player/public/nosuchcode/flow/${flowId}/media`, { body });
    expect(pub.status).toBe(404);
  });

  it('answers bad input with 400 naming the field, and pays only for the flow’s own blocks', async () => {
    const { call } = await mediaAssignment();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ op: 'speak', ...node('textToSpeechNode'), text: 'x' }, 'op'],
      [{ op: 'speech', ...node('textToSpeechNode'), text: '' }, 'text'],
      [{ op: 'transcribe', ...node('transcribeConversationNode'), audio: 'https://x.test/a.mp3' }, 'audio'],
      [{ op: 'describe', ...node('describeImageNode'), kind: 'image', images: [] }, 'images'],
      [
        { op: 'describe', ...node('describeImageNode'), kind: 'image', images: ['http://10.0.0.1/a.png'] },
        'images',
      ],
      [{ op: 'image', nodeId: 'n99', nodeType: 'generateImageNode', prompt: 'x' }, 'nodeId'],
      [{ op: 'image', nodeId: 'n1', nodeType: 'generateImageNode', prompt: 'x' }, 'nodeType'],
      [{ op: 'image', ...node('textToSpeechNode'), prompt: 'x' }, 'op'],
    ];
    for (const [body, field] of cases) {
      const res = await call(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
  });
});

describe('[PLAYER] GET /api/voices', () => {
  it('lists the provider’s voices to a signed-in member, refuses others and bad input', async () => {
    const ok = await t.call('GET', '/api/voices', { token: w.users.participant.token, orgId: w.org });
    expect(ok.status).toBe(200);
    expect(ok.body.device).toBe(false);
    expect(ok.body.data.map((v: { id: string }) => v.id)).toContain('alloy');
    expect((await t.call('GET', '/api/voices')).status).toBe(401);
    expect((await t.call('GET', '/api/voices', { token: w.users.outsider.token, orgId: w.org })).status).toBe(
      403,
    );
    const bad = await t.call('GET', '/api/voices?nodeType=fooNode', { token: w.users.participant.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('nodeType');
  });
});
