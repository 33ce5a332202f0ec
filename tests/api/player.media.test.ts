import { describe, expect, it } from 'vitest';
import { mediaLinks } from '../../src/server/chat/media-links';
import { buildStatement } from '../../src/shared/domain/runtime';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { makeOrg, makeUser } from './helpers/users';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The outsider (another organisation) joins, photographs a leaf in their personal space and answers. */
async function photoAnswer() {
  const a = await createAssignment(w);
  const learner = w.users.outsider.token;
  expect(
    (await t.call('POST', '/api/assignment/join', { token: learner, body: { code: a.code } })).status,
  ).toBe(200);
  const form = new FormData();
  form.set('media', new File([PNG], 'leaf.png'));
  form.set('path', 'player');
  const up = await t.call('POST', '/api/s3/upload', { token: learner, raw: form });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const flowId = w.orgFlows[0];
  const statement = buildStatement(
    { actor: { name: 'Olly' }, flowActivityId: `http://localhost/viewer/flows/${flowId}` },
    {
      verb: 'answered',
      node: { id: 'img1', type: 'imageInputNode', label: 'Your leaf', kind: 'interaction' },
      evidence: { id: `http://localhost${up.body.url}`, description: 'leaf.png' },
    },
    '00000000-0000-4000-8000-000000000091',
    '2026-11-25T10:00:00.000Z',
  );
  const rec = await t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/statements`, {
    token: learner,
    body: { statements: [statement] },
  });
  expect(rec.status, JSON.stringify(rec.body)).toBe(200);
  return { a, mediaUrl: up.body.url as string, mediaId: up.body.mediaId as string };
}

// biome-ignore lint/suspicious/noExplicitAny: the report's JSON is walked without its types
const photoCell = (report: any) =>
  // biome-ignore lint/suspicious/noExplicitAny: as above
  report.objects.flatMap((o: any) => o.verbs.flatMap((v: any) => v.users)).find((u: any) => u.evidenceUrl);

describe('[PLAYER] photo answers in reports', () => {
  it("gives the assignment's teacher a signed link to a photo uploaded outside the organisation", async () => {
    const { a, mediaUrl, mediaId } = await photoAnswer();
    // The plain download stays the uploader's (and their organisation's): the teacher is neither.
    expect((await t.call('GET', mediaUrl, { token: w.users.owner.token })).status).toBe(404);
    const report = await t.call('GET', `/api/assignment/${a._id}/report-v2`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const cell = photoCell(report.body);
    expect(cell.evidence).toBe('leaf.png');
    expect(cell.evidenceUrl).toMatch(new RegExp(`^/api/s3/download/${mediaId}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(cell.evidenceHistories[0].evidenceUrl).toBe(cell.evidenceUrl);
    // What an <img> does: no Bearer, no orgId header.
    const res = await t.app.request(cell.evidenceUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("gives no link to another organisation's user, and a forged, moved or expired link opens nothing", async () => {
    const { a, mediaUrl, mediaId } = await photoAnswer();
    const elsewhere = await makeUser(t, 'third@other.test');
    const third = await makeOrg(t, 'Third', elsewhere);
    const theirs = await t.call('GET', `/api/assignment/${a._id}/report-v2`, {
      token: elsewhere.token,
      orgId: third,
    });
    expect([403, 404]).toContain(theirs.status);
    expect(JSON.stringify(theirs.body)).not.toContain('sig=');
    expect((await t.call('GET', mediaUrl, { token: elsewhere.token })).status).toBe(404);
    // A member of the teacher's organisation who does not manage the assignment: refused too.
    const stranger = await t.call('GET', `/api/assignment/${a._id}/report-v2`, {
      token: w.users.stranger.token,
      orgId: w.org,
    });
    expect(stranger.status).toBe(403);

    const links = mediaLinks(t.deps);
    const good = await links.sign(mediaId);
    expect((await t.app.request(good)).status).toBe(200);
    expect(
      (await t.app.request(good.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')))).status,
    ).toBe(404);
    expect(
      (await t.app.request(good.replace(/exp=\d+/, (e) => `exp=${Number(e.slice(4)) + 60}`))).status,
    ).toBe(404);
    const other = await t.call('POST', '/api/s3/upload', {
      token: elsewhere.token,
      raw: (() => {
        const f = new FormData();
        f.set('media', new File([PNG], 'mine.png'));
        return f;
      })(),
    });
    expect((await t.app.request(good.replace(mediaId, other.body.mediaId))).status).toBe(404);
    const expired = await links.sign(mediaId, Date.now() - 2 * 3600 * 1000);
    expect((await t.app.request(expired)).status).toBe(404);
    expect((await t.app.request(`${mediaUrl}?sig=`)).status).toBe(404);
  });
});
