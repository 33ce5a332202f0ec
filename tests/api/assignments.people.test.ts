import { describe, expect, it } from 'vitest';
import { createPeopleService } from '../../src/server/assignments/people.service';
import { ZCoOwnersResponse, ZParticipantsResponse } from '../../src/shared/contract/assignments';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, callerOf, createAssignment, worldPerTest } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;

worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

type Who = 'owner' | 'coOwner' | 'head' | 'participant' | 'stranger' | 'outsider' | 'signedOut';
const WHO: Who[] = ['owner', 'coOwner', 'head', 'participant', 'stranger', 'outsider', 'signedOut'];
const as = (who: Who) => callerOf(w, who);

/** An organisation assignment with a co-owner and a participant. */
async function setup() {
  const a = await createAssignment(w);
  const added = await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
    ...as('owner'),
    body: { coOwnerEmails: ['CO@school.test'] },
  });
  expect(added.body.message).toBe('Co-owners added successfully.');
  const joined = await t.call('POST', '/api/assignment/join', {
    ...as('participant'),
    body: { code: a.code },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return a;
}

async function statuses(run: (who: Who) => Promise<{ status: number }>) {
  const out: Record<string, number> = {};
  for (const who of WHO) out[who] = (await run(who)).status;
  return out;
}

describe('[ASSIGNMENTS] who may do what', () => {
  it('owner, co-owner and the org admin manage; others in the space get 403, another space 404', async () => {
    const a = await setup();
    const manage = {
      owner: 200,
      coOwner: 200,
      head: 200,
      participant: 403,
      stranger: 403,
      outsider: 404,
      signedOut: 401,
    };
    const paths = ['', '/participants', '/co-owners', '/access-links'];
    for (const p of paths) {
      expect(await statuses((who) => t.call('GET', `/api/assignment/${a._id}${p}`, as(who))), p).toEqual(
        manage,
      );
    }
    expect(
      await statuses((who) =>
        t.call('PUT', `/api/assignment/${a._id}`, { ...as(who), body: { description: who } }),
      ),
    ).toEqual(manage);
    expect(
      await statuses((who) =>
        t.call('PUT', `/api/assignment/${a._id}/toggle-pause`, { ...as(who), body: { isPaused: false } }),
      ),
    ).toEqual(manage);
    // The list shows only what the caller manages.
    const listed = await statuses(async (who) => {
      const res = await t.call('GET', '/api/assignment', as(who));
      return { status: res.status === 200 ? res.body.data.length : res.status };
    });
    expect(listed).toEqual({
      owner: 1,
      coOwner: 1,
      head: 1,
      participant: 0,
      stranger: 0,
      outsider: 0,
      signedOut: 401,
    });
    const del = await statuses((who) =>
      ['owner', 'coOwner', 'head'].includes(who)
        ? Promise.resolve({ status: 0 })
        : t.call('DELETE', `/api/assignment/${a._id}`, as(who)),
    );
    expect(del).toMatchObject({ participant: 403, stranger: 403, outsider: 404, signedOut: 401 });
    expect((await t.call('DELETE', `/api/assignment/${a._id}`, as('coOwner'))).status).toBe(200);
  });

  it('a personal assignment is secret outside its owner, co-owners and participants (404)', async () => {
    const a = await createAssignment(w, {}, { org: false });
    const personal = (who: Exclude<Who, 'signedOut'>) => ({ token: w.users[who].token });
    expect((await t.call('GET', `/api/assignment/${a._id}`, personal('owner'))).status).toBe(200);
    expect((await t.call('GET', `/api/assignment/${a._id}`, personal('stranger'))).status).toBe(404);
    expect((await t.call('GET', `/api/assignment/${a._id}`, { ...as('stranger') })).status).toBe(404);
    await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    expect((await t.call('GET', `/api/assignment/${a._id}`, personal('participant'))).status).toBe(403);
    // Co-owners of a personal assignment need only an account.
    const add = await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
      ...personal('owner'),
      body: { coOwnerEmails: ['outsider@elsewhere.test'] },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const seen = await t.call('GET', `/api/assignment/${a._id}`, personal('outsider'));
    expect(seen.body.data.role).toBe('co-owner');
  });
});

describe('[ASSIGNMENTS] join codes', () => {
  it('checks codes case-insensitively across spaces and changes them with the rules of spec 02 §5', async () => {
    const a = await createAssignment(w);
    const b = await createAssignment(w, {}, { org: false });
    const check = async (code: string) => t.call('GET', `/api/assignment/check-code/${code}`, as('outsider'));
    expect((await check(a.code.toLowerCase())).body).toEqual({ isUnique: false });
    expect((await check('Free123')).body).toEqual({ isUnique: true });
    expect((await check('ab')).status).toBe(400);
    const bad = await check('ab-c');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Only alphanumeric characters are allowed.');

    const change = (id: string, code: string, headers = as('owner')) =>
      t.call('PUT', `/api/assignment/${id}`, { ...headers, body: { code } });
    const ok = await change(a._id, 'Maths7B');
    expect(ok.body).toMatchObject({ message: 'Join code updated successfully', data: { code: 'Maths7B' } });
    expect((await change(b._id, 'maths7b', { token: w.users.owner.token, orgId: 'personal' })).status).toBe(
      409,
    );
    expect((await change(a._id, 'MATHS7B')).status).toBe(200);
    expect((await change(a._id, 'no spaces')).status).toBe(400);
    expect((await change(a._id, 'x1')).status).toBe(400);
  });

  it('gives one code to one assignment when many ask for it at once', async () => {
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await createAssignment(w, { name: `A${i}` }))._id);
    const answers = await Promise.all(
      ids.map((id) => t.call('PUT', `/api/assignment/${id}`, { ...as('owner'), body: { code: 'RACE42' } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const created = await Promise.all(Array.from({ length: 10 }, () => createAssignment(w)));
    expect(new Set(created.map((c) => c.code.toLowerCase())).size).toBe(10);
  });
});

describe('[ASSIGNMENTS] joining and participants', () => {
  it('joins by code (any case), once; refuses paused, locked, ended and future assignments', async () => {
    const a = await createAssignment(w);
    const join = (code: string, who: Who = 'outsider') =>
      t.call('POST', '/api/assignment/join', { ...as(who), body: { code } });
    expect((await join(a.code.toLowerCase())).body.data).toMatchObject({
      assignmentId: a._id,
      alreadyJoined: false,
    });
    expect((await join(a.code)).body.data.alreadyJoined).toBe(true);
    expect((await join('NOPE99')).status).toBe(404);

    await t.call('PUT', `/api/assignment/${a._id}/toggle-pause`, {
      ...as('owner'),
      body: { isPaused: true },
    });
    expect((await join(a.code, 'participant')).body.message).toMatch(/paused/);
    await t.call('PUT', `/api/assignment/${a._id}/toggle-pause`, {
      ...as('owner'),
      body: { isPaused: false },
    });
    await t.call('PUT', `/api/assignment/${a._id}`, { ...as('owner'), body: { isLocked: true } });
    const locked = await join(a.code, 'participant');
    expect([locked.status, locked.body.message]).toEqual([400, expect.stringMatching(/locked/)]);
    const ended = await createAssignment(w, {
      startDate: new Date(Date.now() - 7200_000).toISOString(),
      endDate: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect((await join(ended.code)).body.message).toBe('This assignment has ended.');
    const future = await createAssignment(w, { startDate: new Date(Date.now() + 3600_000).toISOString() });
    expect((await join(future.code)).body.message).toBe('This assignment has not started yet.');
  });

  it('lists participants × flows with interaction counts, searches, and removes many', async () => {
    const a = await createAssignment(w);
    for (const who of ['participant', 'stranger', 'outsider'] as const)
      await t.call('POST', '/api/assignment/join', { ...as(who), body: { code: a.code } });
    const people = createPeopleService(t.deps);
    await people.recordInteractions(a._id, w.users.participant.id, w.orgFlows[1], 45);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        people.recordInteractions(a._id, w.users.participant.id, w.orgFlows[1]),
      ),
    );
    await expect(people.recordInteractions(a._id, w.users.head.id, w.orgFlows[0])).rejects.toThrow(
      /participants/,
    );
    await expect(
      people.recordInteractions(a._id, w.users.participant.id, w.personalFlows[0]),
    ).rejects.toThrow();

    const res = await t.call('GET', `/api/assignment/${a._id}/participants`, as('owner'));
    const body = ZParticipantsResponse.parse(res.body);
    expect(body.flows.map((f) => f.name)).toEqual(['Fractions 1', 'Fractions 2']);
    const pia = body.data.find((p) => p.email === 'pupil@school.test');
    expect(pia?.fullname).toBe('Pia Pupil');
    expect(pia?.flows.map((f) => f.interactions)).toEqual([0, 50]);
    expect(body.data).toHaveLength(3);

    const found = await t.call('GET', `/api/assignment/${a._id}/participants?search=PIA`, as('owner'));
    expect(found.body.data.map((p: { email: string }) => p.email)).toEqual(['pupil@school.test']);

    const removed = await t.call('DELETE', `/api/assignment/${a._id}/participants`, {
      ...as('coOwner'),
      body: { participants: [w.users.participant.id, w.users.stranger.id] },
    });
    expect(removed.status).toBe(403); // not a co-owner yet
    const ok = await t.call('DELETE', `/api/assignment/${a._id}/participants`, {
      ...as('owner'),
      body: { participants: [w.users.participant.id, w.users.stranger.id] },
    });
    expect(ok.body).toEqual({ message: 'Participant removed successfully', removed: 2 });
    const left = await t.call('GET', `/api/assignment/${a._id}/participants`, as('owner'));
    expect(left.body.data).toHaveLength(1);
    const empty = await t.call('DELETE', `/api/assignment/${a._id}/participants`, {
      ...as('owner'),
      body: { participants: [] },
    });
    expect(empty.status).toBe(400);
  });
});

describe('[ASSIGNMENTS] co-owners and public links', () => {
  it('adds co-owners by e-mail (members of the organisation only) and removes them', async () => {
    const a = await createAssignment(w);
    const add = (emails: string[]) =>
      t.call('POST', `/api/assignment/${a._id}/co-owners`, {
        ...as('owner'),
        body: { coOwnerEmails: emails },
      });
    expect((await add(['nobody@school.test'])).body.message).toMatch(/no account uses nobody@school.test/);
    expect((await add(['outsider@elsewhere.test'])).body.message).toMatch(/not a member/);
    expect((await add(['owner@school.test'])).status).toBe(400);
    expect((await add(['not-an-email'])).status).toBe(400);
    expect((await add(['co@school.test', 'stranger@school.test'])).status).toBe(200);
    const list = ZCoOwnersResponse.parse(
      (await t.call('GET', `/api/assignment/${a._id}/co-owners`, as('coOwner'))).body,
    );
    expect(list.coOwners.map((c) => c.email).sort()).toEqual(['co@school.test', 'stranger@school.test']);
    expect(list.owner.email).toBe('owner@school.test');
    const removed = await t.call(
      'DELETE',
      `/api/assignment/${a._id}/co-owners/${w.users.stranger.id}`,
      as('coOwner'),
    );
    expect(removed.body).toEqual({ message: 'Co-owner removed successfully.' });
    expect((await t.call('GET', `/api/assignment/${a._id}`, as('stranger'))).status).toBe(403);
    const again = await t.call(
      'DELETE',
      `/api/assignment/${a._id}/co-owners/${w.users.stranger.id}`,
      as('owner'),
    );
    expect(again.status).toBe(404);
  });

  it('creates, lists and reads public access links', async () => {
    const a = await createAssignment(w);
    const created = await t.call('POST', `/api/assignment/${a._id}/access-link`, {
      ...as('owner'),
      body: { orgId: w.org },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.url).toBe(`http://localhost/viewer/public-assignment/${created.body.code}`);
    const list = await t.call('GET', `/api/assignment/${a._id}/access-links`, as('coOwner'));
    expect(list.status).toBe(403);
    const mine = await t.call('GET', `/api/assignment/${a._id}/access-links`, as('owner'));
    expect(mine.body.accessLinks.map((l: { id: string }) => l.id)).toEqual([created.body.code]);
    const one = await t.call('GET', `/api/assignment/access-link/${created.body.code}`, as('owner'));
    expect(one.body.data.id).toBe(created.body.code);
    expect(
      (await t.call('GET', `/api/assignment/access-link/${created.body.code}`, as('outsider'))).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/assignment/access-link/zzzz', as('owner'))).status).toBe(404);
    // The tab's "Refresh credits": a member who does not manage the assignment is refused; a code past 200 characters is a 400.
    expect(
      (await t.call('GET', `/api/assignment/access-link/${created.body.code}`, as('coOwner'))).status,
    ).toBe(403);
    const longCode = await t.call('GET', `/api/assignment/access-link/${'x'.repeat(201)}`, as('owner'));
    expect(longCode.status).toBe(400);
    expect(JSON.stringify(longCode.body)).toContain('code');
    const wrongOrg = await t.call('POST', `/api/assignment/${a._id}/access-link`, {
      ...as('owner'),
      body: { orgId: w.otherOrg },
    });
    expect(wrongOrg.status).toBe(400);
    await t.call('PUT', `/api/assignment/${a._id}`, {
      ...as('owner'),
      body: { disablePublicAccessLink: true },
    });
    expect(
      (await t.call('POST', `/api/assignment/${a._id}/access-link`, { ...as('owner'), body: {} })).status,
    ).toBe(400);
  });
});
