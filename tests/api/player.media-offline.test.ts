import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { insertFlow } from './tools-fixtures';

/** No AI_BASE_URL: the honest embedded defaults, free, each saying what it is. */
let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const TYPES = [
  'beginNode',
  'textToSpeechNode',
  'transcribeSpeechNode',
  'generateImageNode',
  'describeImageNode',
];
const node = (type: string) => ({ nodeId: `n${TYPES.indexOf(type)}`, nodeType: type });

async function publicMedia() {
  const flowId = await insertFlow(t, {
    ownerId: w.users.owner.id,
    orgId: w.org,
    name: 'Media',
    nodeTypes: TYPES,
  });
  const a = await createAssignment(w, { flowIds: [flowId] });
  const link = await t.call('POST', `/api/assignment/${a._id}/access-link`, {
    token: w.users.owner.token,
    orgId: w.org,
    body: {},
  });
  return { link, flowId, a };
}

describe('[PLAYER] media offline', () => {
  it('speech is the device voice, transcription and images say they are the offline demo', async () => {
    const flowId = await insertFlow(t, {
      ownerId: w.users.owner.id,
      orgId: w.org,
      name: 'Media',
      nodeTypes: TYPES,
    });
    const a = await createAssignment(w, { flowIds: [flowId] });
    await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    const call = (body: Record<string, unknown>) =>
      t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/media`, {
        token: w.users.participant.token,
        body,
      });

    const speech = await call({ op: 'speech', ...node('textToSpeechNode'), text: 'Hello' });
    expect(speech.body.data).toEqual({ kind: 'device-voice', text: 'Hello', notice: 'device-voice' });
    const audio = `data:audio/webm;base64,${Buffer.alloc(10).toString('base64')}`;
    const heard = await call({ op: 'transcribe', ...node('transcribeSpeechNode'), audio });
    expect(heard.body.data.notice).toBe('offline-transcript');
    const image = await call({ op: 'image', ...node('generateImageNode'), prompt: 'a frog' });
    expect(image.body.data.notice).toBe('offline-image');
    const svg = Buffer.from(image.body.data.url.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('Offline demo — no image model');
    expect(svg).toContain('a frog');
    const png = `data:image/png;base64,${Buffer.alloc(8).toString('base64')}`;
    const seen = await call({ op: 'describe', ...node('describeImageNode'), kind: 'image', images: [png] });
    expect(seen.body.data.notice).toBe('offline-describe');
    expect(seen.body.data.text).toContain('Offline demo');
  });

  it('GET /api/voices says the device speaks: an empty list', async () => {
    const res = await t.call('GET', '/api/voices', { token: w.users.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], device: true });
  });

  it('a public link with no credits is refused even for the free offline default', async () => {
    const { link, flowId } = await publicMedia();
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const code = link.body.code as string;
    const res = await t.call('POST', `/api/player/public/${code}/flow/${flowId}/media`, {
      body: { op: 'image', ...node('generateImageNode'), prompt: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('link has run out of credits');
  });

  it('streamed speech offline is the device voice too, as JSON, nothing streamed', async () => {
    const flowId = await insertFlow(t, {
      ownerId: w.users.owner.id,
      orgId: w.org,
      name: 'Streamed speech',
      nodeTypes: ['beginNode', 'textToSpeechStreamingNode'],
    });
    const a = await createAssignment(w, { flowIds: [flowId] });
    await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    const res = await t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/speech-stream`, {
      token: w.users.participant.token,
      body: { nodeId: 'n1', nodeType: 'textToSpeechStreamingNode', text: 'Hello class' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.data).toEqual({ kind: 'device-voice', text: 'Hello class', notice: 'device-voice' });
  });
});
