import { crc32 } from 'node:zlib';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PACKAGE_MAX_BYTES } from '../../src/shared/contract/packages';
import { H5P_TITLE, HELLO_LIBRARY, h5pFiles, h5pPackage } from '../fixtures/packages';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';
import { buildZip, deflated, zerosStream } from './helpers/zip-build';

const upload = (
  t: TestApp,
  u: TestUser,
  bytes: Uint8Array | BlobPart,
  name = 'hello.h5p',
  orgId?: string,
) => {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  return t.call('POST', '/api/h5p', { token: u.token, orgId, raw: form });
};

describe('[PLAYER] H5P packages', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_START_MS);
  beforeEach(async () => {
    await t.reset();
    ann = await makeUser(t, 'ann@example.com');
    bob = await makeUser(t, 'bob@example.com');
    eve = await makeUser(t, 'eve@example.com');
    orgId = await makeOrg(t, 'School', ann, [bob]);
    await makeOrg(t, 'Other School', eve);
  });
  afterAll(() => t.close());

  it('stores a valid .h5p and serves it to members of its space under a signed, sandboxed path', async () => {
    const res = await upload(t, ann, h5pPackage(), 'hello.h5p', orgId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pkg = res.body.data;
    expect(pkg).toMatchObject({
      format: 'h5p',
      title: H5P_TITLE,
      activityId: `${HELLO_LIBRARY} 1.0`,
      fileCount: 4,
    });
    expect(pkg.playUrl).toMatch(
      new RegExp(`^/api/packages/${pkg.id}/files/\\d+/[\\w-]+/flowlearn-play\\.html$`),
    );

    const asBob = await t.call('GET', `/api/h5p/${pkg.id}`, { token: bob.token });
    expect(asBob.status).toBe(200);
    expect(asBob.body.data.id).toBe(pkg.id);

    const page = await t.app.request(pkg.playUrl);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-scripts/);
    expect(csp).not.toContain('allow-same-origin');
    const html = await page.text();
    expect(html).toContain('/api/h5p-player/main.bundle.js');
    expect(html).toContain("H5P.externalDispatcher.on('xAPI'");

    const manifest = await t.app.request(`${pkg.filesUrl}h5p.json`);
    expect(manifest.headers.get('content-type')).toContain('application/json');
    expect((await manifest.json()).mainLibrary).toBe(HELLO_LIBRARY);
    const lib = await t.app.request(`${pkg.filesUrl}${HELLO_LIBRARY}-1.0/hello.js`);
    expect(lib.status).toBe(200);
    expect(lib.headers.get('content-type')).toContain('text/javascript');
    expect(await lib.text()).toContain('createXAPIEventTemplate');

    const player = await t.app.request('/api/h5p-player/main.bundle.js');
    expect(player.status).toBe(200);
    expect(player.headers.get('content-type')).toContain('javascript');
  });

  it('hides a package from another space (404) and refuses a forged or unknown file path', async () => {
    const { body } = await upload(t, ann, h5pPackage(), 'hello.h5p', orgId);
    const pkg = body.data;
    const asEve = await t.call('GET', `/api/h5p/${pkg.id}`, { token: eve.token });
    expect(asEve.status).toBe(404);
    const personal = (await upload(t, ann, h5pPackage())).body.data;
    expect((await t.call('GET', `/api/h5p/${personal.id}`, { token: bob.token })).status).toBe(404);
    expect((await t.call('GET', `/api/h5p/${pkg.id}`)).status).toBe(401);
    expect((await t.call('GET', '/api/h5p/not-an-id', { token: ann.token })).status).toBe(400);

    const forged = pkg.filesUrl.replace(/\/[\w-]+\/$/, '/AAAA/');
    expect((await t.app.request(`${forged}h5p.json`)).status).toBe(404);
    const expired = pkg.filesUrl.replace(/\/files\/\d+\//, '/files/1000/');
    expect((await t.app.request(`${expired}h5p.json`)).status).toBe(404);
    expect((await t.app.request(`${pkg.filesUrl}nope.js`)).status).toBe(404);
    expect((await t.app.request(`${pkg.filesUrl}..%2F..%2Fh5p.json`)).status).toBe(404);
    expect((await t.app.request('/api/h5p-player/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('refuses bad packages with 400 naming the file field, and stores nothing', async () => {
    const bad: Array<[string, Uint8Array, RegExp]> = [
      ['not a zip', new TextEncoder().encode('hello'), /not a zip/],
      ['no h5p.json', h5pPackage({ 'h5p.json': undefined }), /no h5p\.json/],
      ['no content.json', h5pPackage({ 'content/content.json': undefined }), /content\/content\.json/],
      ['broken h5p.json', h5pPackage({ 'h5p.json': '{' }), /not valid JSON/],
      [
        'h5p.json without libraries',
        h5pPackage({ 'h5p.json': JSON.stringify({ title: 'x', mainLibrary: 'A' }) }),
        /preloadedDependencies/,
      ],
      [
        'missing library',
        h5pPackage({ [`${HELLO_LIBRARY}-1.0/library.json`]: undefined }),
        /lacks the library/,
      ],
      ['a file type packages may not carry', h5pPackage({ 'run.exe': 'MZ' }), /run\.exe/],
    ];
    for (const [what, bytes, message] of bad) {
      const res = await upload(t, ann, bytes as BlobPart);
      expect(res.status, what).toBe(400);
      expect(res.body.message, what).toMatch(/^file: /);
      expect(res.body.message, what).toMatch(message);
    }
    expect((await upload(t, ann, h5pPackage(), 'hello.zip')).status).toBe(400);
    const missing = await t.call('POST', '/api/h5p', { token: ann.token, raw: new FormData() });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^file: /);
  });

  it('refuses hostile archives: path traversal, absolute paths, a zip bomb, an oversized unpack', async () => {
    const files = h5pFiles();
    const entries = Object.entries(files).map(([name, body]) =>
      deflated(name, new TextEncoder().encode(body)),
    );
    for (const name of [
      '../evil.js',
      '/etc/evil.js',
      'content/../../evil.js',
      'C:/evil.js',
      'a\\..\\evil.js',
    ]) {
      const res = await upload(
        t,
        ann,
        buildZip([...entries, deflated(name, new TextEncoder().encode('x'))]) as BlobPart,
      );
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toMatch(/path/);
    }
    // 60 MB of zeros in one entry: about 1000:1, refused from the directory before inflating.
    const zeros = await zerosStream(60);
    const bomb = {
      name: 'content/bomb.json',
      data: zeros,
      method: 8 as const,
      crc: 0,
      originalSize: 60 << 20,
    };
    const bombRes = await upload(t, ann, buildZip([...entries, bomb]) as BlobPart);
    expect(bombRes.status).toBe(400);
    expect(bombRes.body.message).toMatch(/zip bomb/);
    // A directory that understates the size is caught while inflating (stopped at the declared size).
    const liar = { ...bomb, originalSize: 1000 };
    const liarRes = await upload(t, ann, buildZip([...entries, liar]) as BlobPart);
    expect(liarRes.status).toBe(400);
    expect(liarRes.body.message).toMatch(/damaged/);
    // Honest but huge: 210 MB declared across entries stored uncompressed-looking.
    const huge = Array.from({ length: 3 }, (_, i) => ({
      name: `content/big${i}.json`,
      data: new Uint8Array(8),
      method: 0 as const,
      crc: crc32(new Uint8Array(8)) >>> 0,
      originalSize: 70 << 20,
    }));
    const hugeRes = await upload(t, ann, buildZip([...entries, ...huge]) as BlobPart);
    expect(hugeRes.status).toBe(400);
    expect(hugeRes.body.message).toMatch(/unpacks to|zip bomb/);
  }, 60_000);

  it('answers 413 to an upload over the size limit', async () => {
    const big = new Uint8Array(PACKAGE_MAX_BYTES + 200 * 1024);
    const res = await upload(t, ann, zipSync({ 'h5p.json': big }, { level: 0 }) as BlobPart);
    expect(res.status).toBe(413);
  }, 60_000);
});
