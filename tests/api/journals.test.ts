import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/errors';
import { createJournalsService, type JournalsService } from '../../src/server/journals/journals.service';
import { JOURNAL_NAME_MAX, ZJournalResponse } from '../../src/shared/contract/reports';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;
let journals: JournalsService;

worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
    journals = createJournalsService(t.deps);
  },
);

async function withCoOwner() {
  const a = await createAssignment(w);
  const added = await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
    token: w.users.owner.token,
    orgId: w.org,
    body: { coOwnerEmails: ['co@school.test'] },
  });
  expect(added.status).toBe(200);
  return a;
}

describe('[REPORTS] journals store', () => {
  it('saves one journal per participant and name, replaces, appends and lists by flow, block and user', async () => {
    const a = await createAssignment(w);
    const pia = { assignmentId: a._id, userId: w.users.participant.id, name: 'Reflection 1' };
    const first = await journals.save(pia, {
      content: '# Day one\n\n![plant](https://img.test/p.png)\n\nI learnt about **roots**.',
      type: 'journalNode',
      flowId: w.orgFlows[0],
      refId: 'node-1',
    });
    expect(first).toMatchObject({
      name: 'Reflection 1',
      thumbnail: 'https://img.test/p.png',
      paragraph: 'Day one',
      refId: 'node-1',
      collaborative: false,
      userId: w.users.participant.id,
    });
    const again = await journals.save(
      { ...pia, name: '  Reflection 1 ' },
      { content: 'Plain words', type: 'journalNode' },
    );
    expect(again._id).toBe(first._id);
    expect(again).toMatchObject({ content: 'Plain words', thumbnail: null, paragraph: 'Plain words' });

    const appended = await journals.update(pia, 'More words', 'append');
    expect(appended?.content).toBe('Plain words\n\nMore words');
    expect((await journals.update(pia, 'Only this', 'replace'))?.content).toBe('Only this');
    expect(await journals.update({ ...pia, name: 'Nope' }, 'x', 'append')).toBeNull();
    expect(await journals.read({ ...pia, name: 'Nope' })).toBeNull();
    expect((await journals.read(pia))?.content).toBe('Only this');

    // Another participant's journal of the same name is a different journal.
    const coJournal = await journals.save(
      { ...pia, userId: w.users.coOwner.id },
      { content: 'Mine', type: 'knowledgeBotNode', flowId: w.orgFlows[1], refId: 'node-2' },
    );
    expect(coJournal._id).not.toBe(first._id);
    expect(await journals.list({ assignmentId: a._id })).toHaveLength(2);
    expect(await journals.list({ assignmentId: a._id, flowId: w.orgFlows[1] })).toEqual([coJournal]);
    expect((await journals.list({ assignmentId: a._id, refId: 'node-1' }))[0]._id).toBe(first._id);
    expect((await journals.list({ assignmentId: a._id, userId: w.users.participant.id }))[0]._id).toBe(
      first._id,
    );
    expect(await journals.list({ assignmentId: a._id, collaborative: true })).toEqual([]);
  });

  it('collaborative journals are one per name; every writer becomes a member once', async () => {
    const a = await createAssignment(w);
    const key = (userId: string) => ({ assignmentId: a._id, userId, name: 'Class log', collaborative: true });
    const j1 = await journals.save(key(w.users.participant.id), {
      content: 'Pia was here',
      type: 'journalNode',
    });
    const j2 = await journals.update(key(w.users.stranger.id), 'Sam too', 'append');
    const j3 = await journals.update(key(w.users.participant.id), 'Pia again', 'append');
    expect(j2?._id).toBe(j1._id);
    expect(j3?.members).toEqual([w.users.participant.id, w.users.stranger.id]);
    expect(j3?.content).toBe('Pia was here\n\nSam too\n\nPia again');
    expect(j3?.userId).toBeNull();
    // Two writers at once still make one journal.
    await Promise.all([
      journals.save(key(w.users.coOwner.id), { content: 'a', type: 'journalNode' }),
      journals.save(key(w.users.head.id), { content: 'b', type: 'journalNode' }),
    ]);
    const [only] = await journals.list({ assignmentId: a._id, collaborative: true });
    expect(only.members).toHaveLength(4);
    expect(await journals.list({ assignmentId: a._id, collaborative: false })).toEqual([]);
  });

  it('refuses a too long or empty name and NUL characters with a 400 naming the field', async () => {
    const a = await createAssignment(w);
    const base = { assignmentId: a._id, userId: w.users.participant.id };
    for (const [name, content, field] of [
      ['x'.repeat(JOURNAL_NAME_MAX + 1), 'ok', 'name'],
      ['  ', 'ok', 'name'],
      ['Fine', 'bad\u0000', 'content'],
    ]) {
      const error = await journals.save({ ...base, name }, { content, type: 'journalNode' }).catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error.status).toBe(400);
      expect(error.message.startsWith(`${field}:`)).toBe(true);
    }
  });

  it('GET /api/journal/{id}: owner, co-owners and the author read it, others (org admin too) 403, another space 404, signed out 401', async () => {
    const a = await withCoOwner();
    const j = await journals.save(
      { assignmentId: a._id, userId: w.users.participant.id, name: 'Reflection' },
      { content: 'Hello', type: 'journalNode' },
    );
    const get = (token: string | undefined, orgId: string) =>
      t.call('GET', `/api/journal/${j._id}`, { token, orgId });
    const ok = await get(w.users.owner.token, w.org);
    expect(ok.status).toBe(200);
    expect(ZJournalResponse.parse(ok.body).data).toMatchObject({ name: 'Reflection', content: 'Hello' });
    expect((await get(w.users.coOwner.token, w.org)).status).toBe(200);
    // Spec 02 §6 names only the owner and co-owners as report readers: the org admin is refused.
    expect((await get(w.users.head.token, w.org)).status).toBe(403);
    expect((await get(w.users.participant.token, w.org)).status).toBe(200);
    expect((await get(w.users.stranger.token, w.org)).status).toBe(403);
    expect((await get(w.users.outsider.token, w.otherOrg)).status).toBe(404);
    // The owner asking from the personal space does not see the organisation's journal.
    expect((await t.call('GET', `/api/journal/${j._id}`, { token: w.users.owner.token })).status).toBe(404);
    const out = await get(undefined, w.org);
    expect(out.status).toBe(401);
    expect(out.body.message).toBe('Not authenticated');
    const bad = await t.call('GET', '/api/journal/not-an-id', { token: w.users.owner.token, orgId: w.org });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^id:/);
    expect(
      (await t.call('GET', `/api/journal/${'0'.repeat(24)}`, { token: w.users.owner.token, orgId: w.org }))
        .status,
    ).toBe(404);
  });

  it('a personal assignment journal is read in the personal space; deleting the assignment removes its journals', async () => {
    const a = await createAssignment(w, {}, { org: false });
    const j = await journals.save(
      { assignmentId: a._id, userId: w.users.participant.id, name: 'Mine', collaborative: true },
      { content: 'Journal is Empty', type: 'journalNode' },
    );
    expect((await t.call('GET', `/api/journal/${j._id}`, { token: w.users.owner.token })).status).toBe(200);
    expect(
      (await t.call('GET', `/api/journal/${j._id}`, { token: w.users.owner.token, orgId: w.org })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/assignment/${a._id}`, { token: w.users.owner.token })).status).toBe(
      200,
    );
    expect(await journals.list({ assignmentId: a._id })).toEqual([]);
  });
});
