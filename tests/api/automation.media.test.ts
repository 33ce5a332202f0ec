import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { creditsToNumber, parseCredits } from '../../src/shared/domain/decimal';
import { newId } from '../../src/shared/domain/ids';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { edge } from '../fixtures/flows/graph';
import { TINY_PNG_BASE64 } from '../fixtures/openai-media';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { buildKeyWorld, createKey, type KeyWorld } from './helpers/api-keys';
import { createTask } from './helpers/automation';
import { apiKey, cr, creditsOf, expectBooksBalance, org } from './helpers/credits';

/** A task whose flow draws an image, describes it and transcribes a recording, against the local provider. */
let ai: OpenAiServer;
let t: TestApp;
let w: KeyWorld;
let key: { id: string; secret: string };
let taskId: string;
const FEE = parseCredits('0.01');

beforeAll(async () => {
  ai = await startOpenAiServer();
  t = await createTestApp({ AI_BASE_URL: ai.baseURL });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await ai.close();
});

beforeEach(async () => {
  await t.reset();
  w = await buildKeyWorld(t);
  key = await createKey(t, w.dev, 'Integration', w.school);
  const nodes = [
    ['s', 'beginNode', 'Start'],
    ['topic', 'inputNode', 'Topic'],
    ['img', 'generateImageNode', 'Picture'],
    ['look', 'describeImageNode', 'Look'],
    ['rec', 'voiceInputNode', 'Recording'],
    ['tr', 'transcribeSpeechNode', 'Transcript'],
  ].map(([id, type, label], i) => ({ id, type, position: { x: 0, y: i * 100 }, data: { label } }));
  const edges = [
    'topic.text>img.prompt',
    'img.image>look.image',
    'rec.speech>tr.speech',
    's.out>topic.in',
    'topic.out>img.in',
    'img.out>look.in',
    'look.out>rec.in',
    'rec.out>tr.in',
  ].map((e) => edge(e));
  const flowId = newId();
  await t.database.db.insert(flows).values({
    id: flowId,
    orgId: w.school,
    ownerId: w.dev.id,
    name: 'Media',
    nodes,
    nodesCount: nodes.length,
    edges,
    projectId: null,
  });
  taskId = (await createTask(t, w.dev.token, w.school, { flowId, name: 'Media task' }))._id;
  await creditsOf(t).grant({ to: org(w.school), amount: cr('5'), idempotencyKey: `g-${Math.random()}` });
  const top = await t.call('POST', `/api/api-keys/topup/${key.id}`, {
    token: w.dev.token,
    orgId: w.school,
    body: { amount: '5', deductFrom: 'organization' },
  });
  expect(top.status).toBe(200);
});

describe('[AUTOMATION] media blocks in a task', () => {
  it('draws, describes (paid by tokens from the key) and transcribes a data: URL recording', async () => {
    const audio = `data:audio/webm;base64,${Buffer.alloc(50, 2).toString('base64')}`;
    const res = await t.call('POST', `/api/tasks/${taskId}/run`, {
      body: { Topic: 'a frog', Recording: audio },
      headers: { Authorization: `Bearer ${key.secret}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('done');
    expect(res.body.outputs.img.values.image).toBe(`data:image/png;base64,${TINY_PNG_BASE64}`);
    expect(res.body.outputs.look.values.description).toBe('Hello, world');
    expect(res.body.outputs.tr.values.text).toBe('I heard 50 bytes');
    const vision = priceCall('gpt-5-mini', { inputTokens: 12, outputTokens: 5 });
    expect(res.body.credits).toBe(creditsToNumber(FEE + vision));
    const wallet = await creditsOf(t).balanceOf(apiKey(key.id));
    expect(wallet.balance).toBe(cr('5') - FEE - vision);
    expect(wallet.reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('a recording given as an address is refused plainly (the server fetches no named address)', async () => {
    const transcriptions = () => ai.requests.filter((r) => r.path.endsWith('/audio/transcriptions')).length;
    const before = transcriptions();
    const res = await t.call('POST', `/api/tasks/${taskId}/run`, {
      body: { Topic: 'a frog', Recording: 'http://169.254.169.254/latest' },
      headers: { Authorization: `Bearer ${key.secret}` },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'ai-failed',
      nodeId: 'tr',
      detail: 'MEDIA_URL_UNSUPPORTED',
    });
    expect(transcriptions()).toBe(before);
  });
});
