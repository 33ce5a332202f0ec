import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptPendingInvites } from '../../src/server/collections/collections.service';
import { collectionInvites, orgMembers } from '../../src/server/db/schema';
import { ZInviteResponse, ZMemberListResponse, ZMemberResponse } from '../../src/shared/contract/collections';
import { createVerifiedUser, mailsTo, signIn } from './auth-helpers';
import { createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const create = async (u: TestUser, body: unknown, orgId?: string) => {
  const res = await t.call('POST', '/api/projects', { token: u.token, orgId, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const invite = (u: { token: string }, id: string, email: string, role: string, orgId?: string) =>
  t.call('POST', `/api/projects/${id}/invite`, { token: u.token, orgId, body: { email, role } });
const members = async (u: { token: string }, id: string, which: 'admins' | 'collaborators', orgId?: string) =>
  ZMemberListResponse.parse(
    (await t.call('GET', `/api/projects/${id}/${which}?limit=1000`, { token: u.token, orgId })).body,
  ).data;

describe('[COLLECTIONS] members', () => {
  it('lists the owner, admins and collaborators separately; fullname falls back to the e-mail', async () => {
    const ann = await makeUser(t, 'ann@example.org', 'Ann Owner');
    const bob = await makeUser(t, 'bob@example.org', 'Bob');
    const cat = await makeUser(t, 'cat@example.org');
    const col = await create(ann, { name: 'Team', collaborators: ['cat@example.org'] });
    expect(col.collaborators).toEqual([
      {
        _id: cat.id,
        fullname: 'cat@example.org',
        email: 'cat@example.org',
        role: 'collaborator',
        pending: false,
      },
    ]);
    const added = await invite(ann, col._id, 'BOB@example.org ', 'admin');
    expect(added.status).toBe(201);
    expect(ZInviteResponse.parse(added.body).data).toMatchObject({
      _id: bob.id,
      role: 'admin',
      pending: false,
    });
    const owner = await t.call('GET', `/api/projects/${col._id}/owner?limit=1000`, { token: bob.token });
    expect(ZMemberResponse.parse(owner.body).data).toEqual({
      _id: ann.id,
      fullname: 'Ann Owner',
      email: 'ann@example.org',
      role: 'owner',
      pending: false,
    });
    expect((await members(cat, col._id, 'admins')).map((m) => m.email)).toEqual(['bob@example.org']);
    expect((await members(cat, col._id, 'collaborators')).map((m) => m.email)).toEqual(['cat@example.org']);
    // An existing user is told by mail that they were added.
    expect((await mailsTo(t, 'bob@example.org'))[0].meta?.kind).toBe('invite:collection-added');
    // The collection now shows in their lists, with their role.
    const bobs = await t.call('GET', '/api/projects', { token: bob.token });
    expect(bobs.body.data).toHaveLength(1);
    expect(bobs.body.data[0].role).toBe('admin');
  });

  it('re-inviting changes the role; "coordinator" means collaborator; the owner cannot be invited', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    await makeUser(t, 'bob@example.org');
    const col = await create(ann, { name: 'Team' });
    expect((await invite(ann, col._id, 'bob@example.org', 'admin')).status).toBe(201);
    expect((await invite(ann, col._id, 'bob@example.org', 'coordinator')).body.data.role).toBe(
      'collaborator',
    );
    expect(await members(ann, col._id, 'admins')).toEqual([]);
    expect((await members(ann, col._id, 'collaborators')).map((m) => m.email)).toEqual(['bob@example.org']);
    const self = await invite(ann, col._id, 'ann@example.org', 'admin');
    expect(self.status).toBe(400);
    expect(self.body.message).toContain('owner');
    expect((await invite(ann, col._id, 'bob@example.org', 'boss')).status).toBe(400);
    expect((await invite(ann, col._id, 'nope', 'admin')).status).toBe(400);
  });

  it('invites an address without an account by e-mail; it joins when it signs up and verifies', async () => {
    const ann = await makeUser(t, 'ann@example.org', 'Ann');
    const col = await create(ann, { name: 'Team' });
    const res = await invite(ann, col._id, 'new@example.org', 'collaborator');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Invitation sent successfully.');
    expect(res.body.data).toMatchObject({ email: 'new@example.org', pending: true, role: 'collaborator' });
    const [mail] = await mailsTo(t, 'new@example.org');
    expect(mail.meta?.kind).toBe('invite:collection');
    expect(mail.text).toContain('Ann invited you to the collection "Team"');
    expect(mail.text).toContain('/editor/signup?next=');
    expect((await members(ann, col._id, 'collaborators'))[0]).toMatchObject({
      email: 'new@example.org',
      pending: true,
    });

    await createVerifiedUser(t, 'new@example.org');
    // Verifying the address is enough: the invitation is a membership before any collection call.
    expect(await t.database.db.select().from(collectionInvites)).toEqual([]);
    const { token } = await signIn(t, 'new@example.org');
    const list = await t.call('GET', '/api/projects', { token });
    expect(list.body.data.map((c: { _id: string }) => c._id)).toEqual([col._id]);
    expect(list.body.data[0].role).toBe('collaborator');
    const after = await members(ann, col._id, 'collaborators');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ email: 'new@example.org', pending: false });
    expect(await t.database.db.select().from(collectionInvites)).toEqual([]);
  });

  it('acceptPendingInvites turns every pending invitation of the address into a membership', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const a = await create(ann, { name: 'A' });
    const b = await create(ann, { name: 'B' });
    await invite(ann, a._id, 'zed@example.org', 'admin');
    await invite(ann, b._id, 'zed@example.org', 'collaborator');
    const zed = await makeUser(t, 'zed@example.org');
    expect(await acceptPendingInvites(t.database.db, zed.id, 'Zed@Example.org')).toBe(2);
    expect((await members(ann, a._id, 'admins')).map((m) => m._id)).toEqual([zed.id]);
    expect((await members(ann, b._id, 'collaborators')).map((m) => m._id)).toEqual([zed.id]);
    expect(await acceptPendingInvites(t.database.db, zed.id, 'zed@example.org')).toBe(0);
  });

  it('removes collaborators, admins and pending invitations with the toast texts', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const bob = await makeUser(t, 'bob@example.org');
    const cat = await makeUser(t, 'cat@example.org');
    const col = await create(ann, { name: 'Team', collaborators: ['cat@example.org', 'ghost@example.org'] });
    await invite(ann, col._id, 'bob@example.org', 'admin');
    const pending = col.collaborators.find((m: { pending: boolean }) => m.pending);
    // The role in the path must match: an admin is not removed through /collaborators.
    expect(
      (await t.call('DELETE', `/api/projects/${col._id}/collaborators/${bob.id}`, { token: ann.token }))
        .status,
    ).toBe(404);
    const r1 = await t.call('DELETE', `/api/projects/${col._id}/collaborators/${cat.id}`, {
      token: bob.token,
    });
    expect(r1.body).toEqual({ message: 'Collaborator removed successfully.' });
    const r2 = await t.call('DELETE', `/api/projects/${col._id}/collaborators/${pending._id}`, {
      token: ann.token,
    });
    expect(r2.status).toBe(200);
    const r3 = await t.call('DELETE', `/api/projects/${col._id}/admins/${bob.id}`, { token: ann.token });
    expect(r3.body).toEqual({ message: 'Admin removed successfully.' });
    expect(await members(ann, col._id, 'collaborators')).toEqual([]);
    expect(await members(ann, col._id, 'admins')).toEqual([]);
    expect((await t.call('GET', `/api/projects/${col._id}`, { token: cat.token })).status).toBe(404);
  });

  it('lets a collaborator leave, but not remove others', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const bob = await makeUser(t, 'bob@example.org');
    const cat = await makeUser(t, 'cat@example.org');
    const col = await create(ann, { name: 'Team', collaborators: ['bob@example.org', 'cat@example.org'] });
    expect(
      (await t.call('DELETE', `/api/projects/${col._id}/collaborators/${cat.id}`, { token: bob.token }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/api/projects/${col._id}/collaborators/${bob.id}`, { token: bob.token }))
        .status,
    ).toBe(200);
  });
});

describe('[COLLECTIONS] members in an organisation', () => {
  it('only an organisation admin brings in people from outside the organisation, who then join it', async () => {
    const boss = await makeUser(t, 'boss@example.org');
    const ann = await makeUser(t, 'ann@example.org');
    const out = await makeUser(t, 'out@example.org');
    const org = await makeOrg(t, 'School', boss, [ann]);
    const col = await create(ann, { name: 'Staff room' }, org);
    const refused = await invite(ann, col._id, 'out@example.org', 'collaborator', org);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('not a member of this organization');
    const early = await t.call('POST', '/api/projects', {
      token: ann.token,
      orgId: org,
      body: { name: 'Half made', collaborators: ['out@example.org'] },
    });
    expect(early.status).toBe(400);
    expect((await t.call('GET', '/api/projects', { token: ann.token, orgId: org })).body.data).toHaveLength(
      1,
    );

    expect((await invite(boss, col._id, 'out@example.org', 'collaborator', org)).status).toBe(201);
    const joined = await t.database.db.select().from(orgMembers).where(eq(orgMembers.userId, out.id));
    expect(joined).toMatchObject([{ orgId: org, role: 'member' }]);
    expect((await t.call('GET', `/api/projects/${col._id}`, { token: out.token, orgId: org })).status).toBe(
      200,
    );

    expect((await invite(boss, col._id, 'later@example.org', 'admin', org)).status).toBe(201);
    const later = await makeUser(t, 'later@example.org');
    await acceptPendingInvites(t.database.db, later.id, later.email);
    const res = await t.call('GET', `/api/projects/${col._id}`, { token: later.token, orgId: org });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('admin');
  });

  it('gives an organisation admin admin rights on every collection of the organisation', async () => {
    const boss = await makeUser(t, 'boss@example.org');
    const ann = await makeUser(t, 'ann@example.org');
    const org = await makeOrg(t, 'School', boss, [ann]);
    const col = await create(ann, { name: 'Private-ish' }, org);
    const list = await t.call('GET', '/api/projects', { token: boss.token, orgId: org });
    expect(list.body.data.map((c: { _id: string; role: string }) => [c._id, c.role])).toEqual([
      [col._id, 'admin'],
    ]);
    expect(
      (
        await t.call('PUT', `/api/projects/${col._id}`, {
          token: boss.token,
          orgId: org,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call('DELETE', `/api/projects/${col._id}`, { token: boss.token, orgId: org })).status,
    ).toBe(403);
  });
});
