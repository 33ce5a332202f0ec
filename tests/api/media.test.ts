import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '../../src/server/chat/media.routes';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

/** The smallest valid PNG (1×1). */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const upload = (
  t: TestApp,
  u: TestUser,
  name: string,
  bytes: BlobPart,
  opts: { orgId?: string; path?: string } = {},
) => {
  const form = new FormData();
  form.set('media', new File([bytes], name));
  form.set('path', opts.path ?? 'chat');
  return t.call('POST', '/api/s3/upload', { token: u.token, orgId: opts.orgId, raw: form });
};

/** The same rules whichever storage adapter is behind the routes. */
function mediaSuite(
  label: string,
  start: () => Promise<{ t: TestApp; stop: () => Promise<void> }>,
  extra?: (t: () => TestApp) => void,
) {
  describe(`[CHAT] media through ${label}`, () => {
    let t: TestApp;
    let stop: () => Promise<void>;
    let ann: TestUser;
    let bob: TestUser;
    let orgId: string;
    beforeAll(async () => {
      ({ t, stop } = await start());
      ann = await makeUser(t, 'ann@example.com');
      bob = await makeUser(t, 'bob@example.com');
      orgId = await makeOrg(t, 'School', ann, [bob]);
    }, APP_START_MS);
    afterAll(() => stop());

    it('uploads an image checked by its content, lists it and downloads the same bytes', async () => {
      const res = await upload(t, ann, 'dot.png', PNG);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.mediaId).toMatch(/^[0-9a-f]{24}$/);
      expect(res.body.url).toBe(`/api/s3/download/${res.body.mediaId}`);
      expect(res.body.originalUrl).toBe(res.body.url);
      const list = await t.call('GET', '/api/s3/images?limit=10', { token: ann.token });
      expect(list.body.data.map((m: { _id: string }) => m._id)).toEqual([res.body.mediaId]);
      const file = await t.app.request(res.body.url, { headers: { Authorization: `Bearer ${ann.token}` } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
      // Another user: as if it did not exist.
      const other = await t.app.request(res.body.url, { headers: { Authorization: `Bearer ${bob.token}` } });
      expect(other.status).toBe(404);
    });

    it('lets members of the organisation read its uploads, and lists images per space', async () => {
      const res = await upload(t, ann, 'notes.txt', 'Lava notes', { orgId });
      expect(res.status).toBe(201);
      const file = await t.app.request(res.body.url, { headers: { Authorization: `Bearer ${bob.token}` } });
      expect(await file.text()).toBe('Lava notes');
      const images = await t.call('GET', '/api/s3/images', { token: ann.token, orgId });
      expect(images.body.data).toEqual([]);
    });

    it('refuses a file whose content is not what its name says, unknown types, and bad fields', async () => {
      const fake = await upload(t, ann, 'photo.png', 'not a picture at all');
      expect(fake.status).toBe(415);
      expect(fake.body.message).toBe('media: the content is not a .png file');
      const exe = await upload(t, ann, 'setup.exe', PNG);
      expect(exe.status).toBe(415);
      expect(exe.body.message).toContain('.exe');
      const svg = await upload(t, ann, 'x.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
      expect(svg.status).toBe(201);
      const badPath = await upload(t, ann, 'dot.png', PNG, { path: '../../etc' });
      expect(badPath.status).toBe(400);
      expect(badPath.body.message).toContain('path');
      const form = new FormData();
      form.set('path', 'chat');
      const none = await t.call('POST', '/api/s3/upload', { token: ann.token, raw: form });
      expect(none.status).toBe(400);
      expect(none.body.message).toContain('media');
      expect((await t.call('GET', '/api/s3/images?limit=0', { token: ann.token })).status).toBe(400);
      expect((await t.call('GET', '/api/s3/download/nope', { token: ann.token })).status).toBe(400);
    });

    it('answers 413 with a clear message past the size limit', async () => {
      const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
      big.set(PNG);
      const res = await upload(t, ann, 'huge.png', big);
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/larger than 20 MB/);
    });

    extra?.(() => t);
  });
}

mediaSuite('local files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'media-'));
  const t = await createTestApp({ DATA_DIR: dir });
  return {
    t,
    stop: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

let s3port = 0;
let s3dir = '';
mediaSuite(
  'a real S3-compatible server (s3rver)',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    s3dir = dir;
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'flowlearn-media', configs: [] }],
    });
    s3port = (await server.run()).port;
    const t = await createTestApp({
      DATA_DIR: dir,
      S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
      S3_BUCKET: 'flowlearn-media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    });
    return {
      t,
      stop: async () => {
        await t.close();
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  (t) => {
    it('stores the bytes in the bucket, not in the local folder', async () => {
      const ann = await makeUser(t(), 'cat@example.com');
      const res = await upload(t(), ann, 'dot.png', PNG);
      const key = `media/personal/${res.body.mediaId}.png`;
      const url = `http://127.0.0.1:${s3port}/flowlearn-media/${key}`;
      const good = new AwsClient({
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        service: 's3',
        region: 'us-east-1',
      });
      const stored = await good.fetch(url);
      expect(stored.status).toBe(200);
      expect(new Uint8Array(await stored.arrayBuffer())).toEqual(PNG);
      // Not in the local folder: the adapter really is the S3 one.
      expect(existsSync(join(s3dir, 'files', key))).toBe(false);
    });
  },
);
