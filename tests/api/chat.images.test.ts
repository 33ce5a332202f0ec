import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSED_MAX_SIDE } from '../../src/server/chat/image-compress';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, user } from './helpers/credits';
import { makeUser, type TestUser } from './helpers/users';

/** A 2000×1200 PNG with a gradient and some noise: big enough to be compressed. */
function photoPng(): Uint8Array {
  const png = new PNG({ width: 2000, height: 1200 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      png.data[i] = (x * 255) / png.width;
      png.data[i + 1] = (y * 255) / png.height;
      png.data[i + 2] = (x * y) % 251;
      png.data[i + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

let ai: OpenAiServer;
let t: TestApp;
let dir: string;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ai = await startOpenAiServer();
  dir = mkdtempSync(join(tmpdir(), 'chat-images-'));
  t = await createTestApp({ AI_BASE_URL: ai.baseURL, DATA_DIR: dir });
  ann = await makeUser(t, 'ann@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await creditsOf(t).grant({ to: user(ann.id), amount: cr('10'), idempotencyKey: 'g1' });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await ai.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (u: TestUser, name: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.set('media', new File([bytes as Uint8Array<ArrayBuffer>], name));
  form.set('path', 'chat');
  return t.call('POST', '/api/s3/upload', { token: u.token, raw: form });
};
const get = (url: string, u: TestUser) =>
  t.app.request(url, { headers: { Authorization: `Bearer ${u.token}` } });

describe('[CHAT] images', () => {
  it('stores a compressed JPEG copy of an uploaded image, at most 1280 px, beside the original', async () => {
    const original = photoPng();
    const res = await upload(ann, 'photo.png', original);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.compressedUrl).toBe(`/api/s3/download/${res.body.mediaId}?variant=compressed`);
    const full = await get(res.body.originalUrl, ann);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(original);
    const small = await get(res.body.compressedUrl, ann);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await small.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(original.byteLength);
    const decoded = jpeg.decode(bytes);
    expect([decoded.width, decoded.height]).toEqual([COMPRESSED_MAX_SIDE, 768]);
    expect((await get(res.body.compressedUrl, bob)).status).toBe(404);
    expect((await get(`${res.body.originalUrl}?variant=tiny`, ann)).status).toBe(400);
    // The first image of the run compiles the image codecs and resizes a large photo: on a CI machine
    // busy with other work that has passed the default 30 s (twice), while it takes seconds when quiet.
  }, 90_000);

  it('sends attached images to the model as image content parts (data URL of the compressed copy)', async () => {
    const photo = await upload(ann, 'photo.png', photoPng());
    const chat = await t.call('POST', '/api/chat-with-ai/chat', { token: ann.token, body: { title: '' } });
    const chatId = chat.body.chat.chatId as string;
    const saved = await t.call('POST', '/api/chat-with-ai/history', {
      token: ann.token,
      body: {
        histories: [{ chatId, role: 'user', content: 'What is this?', mediaIds: [photo.body.mediaId] }],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const before = ai.requests.length;
    const res = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      body: {
        query: 'What is this?',
        chatId,
        parentHistoryId: saved.body.histories[0]._id,
        model: 'gpt-5-mini',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ai.requests.length).toBe(before + 1);
    const sent = ai.requests.at(-1)?.body.messages as { role: string; content: unknown }[];
    const last = sent.at(-1) as {
      role: string;
      content: { type: string; text?: string; image_url?: { url: string } }[];
    };
    expect(last.role).toBe('user');
    expect(last.content[0]).toEqual({ type: 'text', text: 'What is this?' });
    expect(last.content[1].type).toBe('image_url');
    const url = last.content[1].image_url?.url ?? '';
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const small = new Uint8Array(await (await get(photo.body.compressedUrl, ann)).arrayBuffer());
    expect(Buffer.from(url.split(',')[1], 'base64')).toEqual(Buffer.from(small));

    // Without a session: the question's own mediaIds; a later question in the chat still shows it.
    const direct = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      body: { query: 'And this?', mediaIds: [photo.body.mediaId], model: 'gpt-5-mini' },
    });
    expect(direct.status).toBe(200);
    const parts = (ai.requests[ai.requests.length - 1].body.messages as { content: unknown[] }[])[0].content;
    expect(parts.map((p) => (p as { type: string }).type)).toEqual(['text', 'image_url']);

    // A question with an image in a chat is saved with it, and is the session's last message.
    const asked = await t.call('POST', '/api/chat-with-ai', {
      token: ann.token,
      body: { query: "What's in it?", chatId, mediaIds: [photo.body.mediaId], model: 'gpt-5-mini' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const listed = await t.call('GET', `/api/chat-with-ai/history?chatId=${chatId}`, { token: ann.token });
    const question = listed.body.chats[0].histories.find(
      (h: { _id: string }) => h._id === asked.body.userHistoryId,
    );
    expect(question).toMatchObject({
      role: 'user',
      content: "What's in it?",
      mediaIds: [photo.body.mediaId],
    });
    expect(listed.body.chats[0].lastMessage).toBe("What's in it?");
  });

  it('refuses an image that is not the caller’s, naming mediaIds, and asks the model nothing', async () => {
    const photo = await upload(ann, 'photo.png', photoPng());
    await creditsOf(t).grant({ to: user(bob.id), amount: cr('10'), idempotencyKey: 'g2' });
    const before = ai.requests.length;
    const res = await t.call('POST', '/api/chat-with-ai', {
      token: bob.token,
      body: { query: 'Whose is this?', mediaIds: [photo.body.mediaId], model: 'gpt-5-mini' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('mediaIds');
    expect(ai.requests.length).toBe(before);
  });
});
