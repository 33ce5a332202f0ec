import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CMI5_AU, cmi5Package, TINCAN_ACTIVITY, tincanPackage, zipOf } from '../fixtures/packages';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';
import { buildZip, deflated } from './helpers/zip-build';

const upload = (
  t: TestApp,
  u: TestUser,
  bytes: Uint8Array | BlobPart,
  name = 'course.zip',
  orgId?: string,
) => {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  return t.call('POST', '/api/xapi/upload', { token: u.token, orgId, raw: form });
};

describe('[PLAYER] xAPI and cmi5 packages', () => {
  let t: TestApp;
  let ann: TestUser;
  let eve: TestUser;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_START_MS);
  beforeEach(async () => {
    await t.reset();
    ann = await makeUser(t, 'ann@example.com');
    eve = await makeUser(t, 'eve@example.com');
    orgId = await makeOrg(t, 'School', ann);
    await makeOrg(t, 'Other School', eve);
  });
  afterAll(() => t.close());

  it('reads tincan.xml: the activity id, its name and the launch file, served sandboxed', async () => {
    const res = await upload(t, ann, tincanPackage() as BlobPart, 'course.zip', orgId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      format: 'tincan',
      title: 'Hello TinCan',
      activityId: TINCAN_ACTIVITY,
      launchPath: 'index.html',
    });
    const launch = await t.app.request(res.body.data.playUrl);
    expect(launch.status).toBe(200);
    expect(launch.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts/);
    expect(await launch.text()).toContain('xAPI package');
    const shown = await t.call('GET', `/api/xapi/packages/${res.body.data.id}`, { token: ann.token });
    expect(shown.status).toBe(200);
    // An xAPI package is not an H5P one, and another space never sees it.
    expect((await t.call('GET', `/api/h5p/${res.body.data.id}`, { token: ann.token })).status).toBe(404);
    expect((await t.call('GET', `/api/xapi/packages/${res.body.data.id}`, { token: eve.token })).status).toBe(
      404,
    );
  });

  it('reads cmi5.xml: the first assignable unit and its launch url', async () => {
    const res = await upload(t, ann, cmi5Package() as BlobPart);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      format: 'cmi5',
      title: 'Unit one',
      activityId: CMI5_AU,
      launchPath: 'content/index.html',
    });
  });

  it('refuses bad and hostile packages with 400 naming the file field', async () => {
    const traversal = buildZip([
      deflated('tincan.xml', new TextEncoder().encode('<tincan/>')),
      deflated('../../index.html', new TextEncoder().encode('x')),
    ]);
    const bad: Array<[string, Uint8Array, RegExp]> = [
      ['no manifest', zipOf({ 'index.html': '<p>x</p>' }), /neither tincan\.xml nor cmi5\.xml/],
      ['launch outside the package', tincanPackage('https://evil.test/x.html'), /launch file inside/],
      ['launch of a missing file', tincanPackage('missing.html'), /does not hold/],
      ['launch that climbs', tincanPackage('../index.html'), /launch file inside/],
      [
        'tincan without an activity',
        zipOf({ 'tincan.xml': '<tincan><activities/></tincan>', 'index.html': 'x' }),
        /IRI id/,
      ],
      ['path traversal', traversal, /path/],
      ['not a zip', new TextEncoder().encode('PK nope'), /not a zip/],
    ];
    for (const [what, bytes, message] of bad) {
      const res = await upload(t, ann, bytes as BlobPart);
      expect(res.status, what).toBe(400);
      expect(res.body.message, what).toMatch(/^file: /);
      expect(res.body.message, what).toMatch(message);
    }
    expect((await upload(t, ann, tincanPackage() as BlobPart, 'course.h5p')).status).toBe(400);
  });

  it('refuses an upload into a space the caller is not a member of', async () => {
    const res = await upload(t, eve, tincanPackage() as BlobPart, 'course.zip', orgId);
    expect(res.status).toBe(403);
  });
});
