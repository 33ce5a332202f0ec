import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@example.com');
  bob = await makeUser(t, 'bob@example.com');
  orgId = await makeOrg(t, 'School', ann, [bob]);
});

/** A real 4×4 PNG, uploaded as `u` (in the org's space when orgId is given); answers its media id. */
async function uploadPng(u: TestUser, org?: string): Promise<string> {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  const form = new FormData();
  form.set('media', new File([new Uint8Array(PNG.sync.write(png))], 'dot.png', { type: 'image/png' }));
  form.set('path', 'chat');
  const res = await t.call('POST', '/api/s3/upload', { token: u.token, orgId: org, raw: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.mediaId;
}

const newChat = async (u: TestUser, org?: string): Promise<string> =>
  (await t.call('POST', '/api/chat-with-ai/chat', { token: u.token, orgId: org, body: { title: 'Leaves' } }))
    .body.chat.chatId;
const save = (u: TestUser, chatId: string, mediaIds: string[], org?: string) =>
  t.call('POST', '/api/chat-with-ai/history', {
    token: u.token,
    orgId: org,
    body: { histories: [{ chatId, role: 'user', content: 'What is this?', mediaIds }] },
  });

describe('[HARDENING] chat history keeps only media the chat may show', () => {
  it("refuses another user's media id with 400 naming the field, and stores nothing", async () => {
    const bobsPhoto = await uploadPng(bob);
    const chatId = await newChat(ann);
    const res = await save(ann, chatId, [bobsPhoto]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`histories.0.mediaIds: ${bobsPhoto} is not a file of yours in this space`);
    const listed = await t.call('GET', `/api/chat-with-ai/history?chatId=${chatId}`, { token: ann.token });
    expect(JSON.stringify(listed.body)).not.toContain(bobsPhoto);
  });

  it('refuses an unknown id, and accepts the caller’s own files and those of the chat’s space', async () => {
    const chatId = await newChat(ann);
    expect((await save(ann, chatId, ['0123456789abcdef01234567'])).status).toBe(400);
    const own = await uploadPng(ann);
    const saved = await save(ann, chatId, [own]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.histories[0].mediaIds).toEqual([own]);
    // A colleague's upload in the organisation may be used in a chat of that organisation, not elsewhere.
    const shared = await uploadPng(bob, orgId);
    expect((await save(ann, await newChat(ann, orgId), [shared], orgId)).status).toBe(201);
    expect((await save(ann, chatId, [shared])).status).toBe(400);
  });
});
