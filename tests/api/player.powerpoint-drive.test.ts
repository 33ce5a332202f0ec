import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { driveUpload, startGoogleFake, type TGoogleFake } from '../fixtures/google-server';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * PowerPoint and Google Drive Upload through the player's block route: a real .pptx stored
 * through the storage adapter and downloadable like the PDF; Drive uploads against the local fake of
 * Google's endpoints, of files the caller may open only.
 */
let t: TestApp;
let w: AssignmentWorld;
let google: TGoogleFake;
worldPerTest(
  async () => {
    google = await startGoogleFake();
    return createTestApp({
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_REFRESH_TOKEN: 'refresh-1',
      GOOGLE_API_URL: google.url,
    });
  },
  (world) => {
    w = world;
    t = world.t;
  },
);
afterAll(() => google.close());

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function blockPath() {
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: {} },
    { id: 'deck', type: 'powerpointNode', position: { x: 0, y: 100 }, data: { title: 'Plants' } },
    {
      id: 'drive',
      type: 'googleDriveUploadNode',
      position: { x: 0, y: 200 },
      data: { folderId: 'folder-12345678' },
    },
  ];
  await t.database.db.update(flows).set({ nodes }).where(eq(flows.id, w.orgFlows[0]));
  const a = await createAssignment(w);
  const joined = await t.call('POST', '/api/assignment/join', {
    token: w.users.participant.token,
    body: { code: a.code },
  });
  expect(joined.status).toBe(200);
  return `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/block`;
}

const get = async (path: string, token?: string) => {
  const res = await t.app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
};

const upload = async (token: string, name: string) => {
  const form = new FormData();
  form.set('media', new File([PNG], name));
  form.set('path', 'player');
  const res = await t.call('POST', '/api/s3/upload', { token, raw: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.url as string;
};

const lastDriveUpload = () => {
  const call = google.calls.at(-1);
  const boundary = call ? /^--([^\r]+)/.exec(call.raw.toString('latin1'))?.[1] : undefined;
  return call && driveUpload(`multipart/related; boundary=${boundary}`, call.raw);
};

describe('[PLAYER] PowerPoint and Google Drive Upload blocks', () => {
  it('PowerPoint makes a .pptx from the linked text that the learner and the teacher can download', async () => {
    const path = await blockPath();
    const res = await t.call('POST', path, {
      token: w.users.participant.token,
      body: {
        nodeId: 'deck',
        nodeType: 'powerpointNode',
        inputs: { content: { type: 'text', text: '# Light\n- leaves catch it\n# Water\n- roots drink it' } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ok: true, summary: 'Plants (2 slides)' });
    const file = res.body.data.outputs.file;
    expect(file).toMatchObject({ type: 'file', name: 'Plants.pptx', mediaType: PPTX });
    expect(file.url).toMatch(/^\/api\/s3\/download\/[0-9a-f]{24}\?exp=\d+&sig=/);

    const learner = await get(file.url);
    expect(learner.status).toBe(200);
    expect(learner.type).toBe(PPTX);
    const zip = unzipSync(learner.bytes);
    expect(strFromU8(zip['ppt/slides/slide1.xml'])).toContain('<a:t>Plants</a:t>');
    expect(strFromU8(zip['ppt/slides/slide2.xml'])).toContain('<a:t>leaves catch it</a:t>');
    expect(strFromU8(zip['ppt/slides/slide3.xml'])).toContain('<a:t>Water</a:t>');

    const plain = file.url.split('?')[0];
    expect((await get(plain, w.users.owner.token)).status).toBe(200);
    expect((await get(plain, w.users.outsider.token)).status).toBe(404);

    // The generated deck goes on to Drive: a signed link the server handed out is readable.
    const drive = await t.call('POST', path, {
      token: w.users.participant.token,
      body: { nodeId: 'drive', nodeType: 'googleDriveUploadNode', inputs: { file } },
    });
    expect(drive.body.data, JSON.stringify(drive.body)).toMatchObject({ ok: true, summary: 'Plants.pptx' });
    const sent = lastDriveUpload();
    expect(sent?.metadata).toEqual({ name: 'Plants.pptx', mimeType: PPTX, parents: ['folder-12345678'] });
    expect([...(sent?.media ?? [])]).toEqual([...learner.bytes]);
  });

  it('Drive Upload takes the learner’s own upload, refuses another user’s file, another space and bad input', async () => {
    const path = await blockPath();
    const own = await upload(w.users.participant.token, 'leaf.png');
    const body = (url: string) => ({
      nodeId: 'drive',
      nodeType: 'googleDriveUploadNode',
      inputs: { file: { type: 'file', url, name: 'leaf.png' } },
    });
    const ok = await t.call('POST', path, { token: w.users.participant.token, body: body(own) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.outputs.drive).toMatchObject({ type: 'drive', name: 'leaf.png' });
    expect(ok.body.data.outputs.drive.url).toMatch(
      /^https:\/\/drive\.google\.com\/file\/d\/drive-\d+\/view$/,
    );
    expect([...(lastDriveUpload()?.media ?? [])]).toEqual([...PNG]);

    const calls = google.calls.length;
    const foreign = await upload(w.users.outsider.token, 'secret.png');
    const refused = await t.call('POST', path, { token: w.users.participant.token, body: body(foreign) });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toEqual({ ok: false, errorCode: 'FILE_NOT_READABLE', configured: true });
    expect(google.calls.length).toBe(calls);

    expect((await t.call('POST', path, { token: w.users.outsider.token, body: body(own) })).status).toBe(403);
    const bad = await t.call('POST', path, {
      token: w.users.participant.token,
      body: {
        nodeId: 'drive',
        nodeType: 'googleDriveUploadNode',
        inputs: { file: { type: 'file', url: '' } },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('inputs.file');
  });
});
