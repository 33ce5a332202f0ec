import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUpload } from '../../src/shared/domain/upload-types';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { buildWebmRecording } from '../fixtures/webm';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { insertFlow } from './tools-fixtures';

/**
 * A learner's voice answer as Chrome and Android record it (audio/webm with Opus): uploaded by the
 * voice input block, read back, and transcribed by the provider as a .webm (real HTTP, the local
 * OpenAI-compatible server).
 */
let ai: OpenAiServer;
beforeAll(async () => {
  ai = await startOpenAiServer();
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

const upload = (name: string, bytes: Uint8Array, token = w.users.participant.token) => {
  const form = new FormData();
  form.set('media', new File([new Uint8Array(bytes)], name, { type: 'audio/webm;codecs=opus' }));
  form.set('path', 'player');
  return t.call('POST', '/api/s3/upload', { token, orgId: w.org, raw: form });
};

describe('[PLAYER] a recorded WebM answer', () => {
  it('is a real WebM: EBML magic and DocType webm, accepted as audio; other bytes named .webm are not', () => {
    const webm = buildWebmRecording(1);
    expect(checkUpload('recording.webm', webm)).toEqual({
      ok: true,
      kind: 'audio',
      ext: 'webm',
      mime: 'audio/webm',
    });
    expect(checkUpload('voice.weba', webm)).toMatchObject({ ok: true, kind: 'audio' });
    const matroska = new Uint8Array(webm);
    matroska.set(new TextEncoder().encode('mkvx'), webm.indexOf(0x77)); // DocType "webm" → "mkvx"
    expect(checkUpload('recording.webm', matroska)).toMatchObject({ ok: false });
    expect(checkUpload('recording.webm', new TextEncoder().encode('not a recording'))).toMatchObject({
      ok: false,
    });
  });

  it('uploads, reads back as audio/webm and transcribes as a .webm file', async () => {
    const webm = buildWebmRecording(2);
    const res = await upload('recording.webm', webm);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const url = res.body.url as string;
    const read = await t.app.request(url, {
      headers: { Authorization: `Bearer ${w.users.participant.token}` },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toContain('audio/webm');
    const stored = new Uint8Array(await read.arrayBuffer());
    expect(stored).toEqual(webm);

    // The player's media port sends what FileReader makes of the recording's blob.
    const flowId = await insertFlow(t, {
      ownerId: w.users.owner.id,
      orgId: w.org,
      name: 'Speak',
      nodeTypes: ['beginNode', 'voiceInputNode', 'transcribeSpeechNode'],
    });
    const a = await createAssignment(w, { flowIds: [flowId] });
    const joined = await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    expect(joined.status).toBe(200);
    const audio = `data:audio/webm;codecs=opus;base64,${Buffer.from(stored).toString('base64')}`;
    const heard = await t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/media`, {
      token: w.users.participant.token,
      body: { op: 'transcribe', nodeId: 'n2', nodeType: 'transcribeSpeechNode', audio },
    });
    expect(heard.status, JSON.stringify(heard.body)).toBe(200);
    expect(heard.body.data.text).toBe(`I heard ${webm.byteLength} bytes`);
    expect(ai.requests.at(-1)?.body).toMatchObject({
      fileName: 'recording.webm',
      fileType: 'audio/webm',
      fileBytes: webm.byteLength,
    });
  });

  it('refuses bytes that are not a WebM with a 415 naming the field, and an outsider of the space', async () => {
    const fake = await upload('recording.webm', new TextEncoder().encode('hello'));
    expect(fake.status).toBe(415);
    expect(fake.body.message).toContain('media');
    const outsider = await upload('recording.webm', buildWebmRecording(1), w.users.outsider.token);
    expect([403, 404]).toContain(outsider.status);
  });
});
