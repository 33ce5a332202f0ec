import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../src/server/adapters/storage/storage';
import { assignments } from '../../src/server/db/schema/assignments';
import { users } from '../../src/server/db/schema/auth';
import { media } from '../../src/server/db/schema/chat';
import { sweepGuests } from '../../src/server/player/guest-cleanup';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

const dir = mkdtempSync(join(tmpdir(), 'guest-quota-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () =>
    createTestApp({
      DATA_DIR: dir,
      GUEST_UPLOAD_MAX_FILES: '3',
      GUEST_UPLOAD_MAX_BYTES: '2000',
      GUEST_ASSIGNMENT_MAX_BYTES: '3000',
      GUEST_RETENTION_DAYS: '7',
    }),
  (world) => {
    w = world;
    t = world.t;
  },
);
const DAY = 24 * 3600_000;
const storedFiles = () =>
  readdirSync(join(dir, 'files'), { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length;

/** An assignment open to guests, and a guest's token in it. */
const guestIn = async (a?: { _id: string; code: string }) => {
  const assignment = a ?? (await createAssignment(w));
  await t.database.db
    .update(assignments)
    .set({ signInRequired: false })
    .where(eq(assignments.id, assignment._id));
  const joined = await t.call('POST', '/api/player/guest/join', {
    body: { code: assignment.code, name: 'Gus' },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { a: assignment, token: joined.body.session.accessToken as string, id: joined.body.session.user.id };
};
const upload = (token: string, bytes: number) => {
  const form = new FormData();
  form.set('media', new File(['x'.repeat(bytes)], 'notes.txt'));
  form.set('path', 'player');
  return t.call('POST', '/api/s3/upload', { token, raw: form });
};
const storedKeys = async (userId: string) =>
  (await t.database.db.select({ key: media.storageKey }).from(media).where(eq(media.userId, userId))).map(
    (r) => r.key,
  );

describe('[PLAYER] guests have an upload quota', () => {
  it('refuses a guest past the file count with 429, while a signed-in learner is not limited', async () => {
    const g = await guestIn();
    for (let i = 0; i < 3; i++) expect((await upload(g.token, 10)).status).toBe(201);
    const fourth = await upload(g.token, 10);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'A guest may upload at most 3 files in an assignment; sign in to upload more',
    );
    for (let i = 0; i < 4; i++) expect((await upload(w.users.outsider.token, 10)).status).toBe(201);
  });

  it('refuses a guest past their bytes and the assignment past all its guests’ bytes with 413, keeping no file', async () => {
    const g = await guestIn();
    expect((await upload(g.token, 1500)).status).toBe(201);
    const over = await upload(g.token, 600);
    expect(over.status).toBe(413);
    expect(over.body.message).toContain('A guest may upload at most');
    const other = await guestIn(g.a);
    expect((await upload(other.token, 1400)).status).toBe(201);
    const full = await upload(other.token, 200);
    expect(full.status).toBe(413);
    expect(full.body.message).toContain('The guests of this assignment have used');
    // A guest of another assignment has its own room.
    const elsewhere = await guestIn();
    expect((await upload(elsewhere.token, 1500)).status).toBe(201);
  });

  it('lets no parallel burst pass the count, and leaves no bytes of refused uploads behind', async () => {
    const g = await guestIn();
    const before = storedFiles();
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(g.token, 10)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await storedKeys(g.id)).toHaveLength(3);
    // Earlier tests' files stay on disk (reset empties the database only): count what this one added.
    expect(storedFiles() - before).toBe(3);
  });
});

describe('[PLAYER] guests are removed after their assignment', () => {
  it('removes a guest and their files GUEST_RETENTION_DAYS after the end, and at once when it is deleted', async () => {
    const storage = createFileStorage(t.deps.env);
    const ended = await guestIn();
    const running = await guestIn();
    const deleted = await guestIn();
    for (const g of [ended, running, deleted]) expect((await upload(g.token, 10)).status).toBe(201);
    const endedKey = (await storedKeys(ended.id))[0];
    expect(await storage.get(endedKey)).not.toBeNull();
    const now = Date.now();
    await t.database.db
      .update(assignments)
      .set({ endDate: new Date(now - 3 * DAY) })
      .where(eq(assignments.id, ended.a._id));
    // Ended three days ago, kept seven: nothing yet.
    expect(await sweepGuests(t.deps, storage, new Date(now))).toEqual({ guests: 0, files: 0 });
    const gone = await t.call('DELETE', `/api/assignment/${deleted.a._id}`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);
    const later = new Date(now + 5 * DAY);
    expect(await sweepGuests(t.deps, storage, later)).toEqual({ guests: 2, files: 2 });
    const left = await t.database.db.select({ id: users.id }).from(users).where(eq(users.isGuest, true));
    expect(left.map((u) => u.id)).toEqual([running.id]);
    expect(await storage.get(endedKey)).toBeNull();
    expect(await storedKeys(running.id)).toHaveLength(1);
  });
});
