import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * The journal blocks' "Shared with the class" through the learner player's journals port: the
 * assignment's collaborative journal of a name (spec 02 §3), written by its participants together,
 * which the Collaborative Journal Reports screen lists.
 */
let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const joinAs = async (token: string, code: string) => {
  const res = await t.call('POST', '/api/assignment/join', { token, body: { code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('[PLAYER] collaborative journals', () => {
  it('two participants write one shared journal by name; both are members; the report lists it', async () => {
    const a = await createAssignment(w);
    const b = await createAssignment(w, { name: 'Other class' });
    const pia = w.users.participant;
    const sam = w.users.stranger;
    const cody = w.users.coOwner;
    await joinAs(pia.token, a.code);
    await joinAs(sam.token, a.code);
    await joinAs(cody.token, b.code);
    const base = `/api/player/assignment/${a._id}`;
    const flow = w.orgFlows[0];
    const write = (token: string, body: Record<string, unknown>) =>
      t.call('PUT', `${base}/flow/${flow}/journal`, {
        token,
        body: { nodeId: 'j1', nodeType: 'journalNode', ...body },
      });

    // Pia starts the shared journal and keeps a personal one of the same name.
    const first = await write(pia.token, { name: 'Class plan', content: 'Pia: seeds', collaborative: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await write(pia.token, { name: 'Class plan', content: 'Pia alone' })).status).toBe(200);
    // Sam adds to it through Update Journal, then reads the shared content.
    const up = await t.call('POST', `${base}/journal/update`, {
      token: sam.token,
      body: { name: 'Class plan', content: 'Sam: water', mode: 'append', collaborative: true },
    });
    expect(up.body).toEqual({ updated: true });
    const shared = await t.call('GET', `${base}/journal?name=Class%20plan&collaborative=true`, {
      token: sam.token,
    });
    expect(shared.status).toBe(200);
    expect(shared.body.data.content).toBe('Pia: seeds\n\nSam: water');
    const viaPia = await t.call('GET', `${base}/journal?name=Class%20plan&collaborative=true`, {
      token: pia.token,
    });
    expect(viaPia.body.data.content).toBe('Pia: seeds\n\nSam: water');

    // Personal journals are unchanged: Pia's own, and none for Sam.
    const own = await t.call('GET', `${base}/journal?name=Class%20plan`, { token: pia.token });
    expect(own.body.data.content).toBe('Pia alone');
    const off = await t.call('GET', `${base}/journal?name=Class%20plan&collaborative=false`, {
      token: sam.token,
    });
    expect(off.body.data).toBeNull();
    const bad = await t.call('GET', `${base}/journal?name=Class%20plan&collaborative=yes`, {
      token: sam.token,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('collaborative');

    // A participant of another assignment, and a non-participant, cannot read or write it.
    const other = await t.call('GET', `${base}/journal?name=Class%20plan&collaborative=true`, {
      token: cody.token,
    });
    expect(other.status).toBe(403);
    const otherWrite = await write(cody.token, { name: 'Class plan', content: 'x', collaborative: true });
    expect(otherWrite.status).toBe(403);
    // Cody's own assignment has no shared journal of that name.
    const inB = await t.call(
      'GET',
      `/api/player/assignment/${b._id}/journal?name=Class%20plan&collaborative=true`,
      { token: cody.token },
    );
    expect(inB.body.data).toBeNull();

    // The owner's Collaborative Journal Reports list it with both writers, in the order they joined.
    const report = await t.call('GET', `/api/assignment/${a._id}/collaborative-journal-report`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(report.status).toBe(200);
    expect(report.body.journals).toHaveLength(1);
    const [j] = report.body.journals;
    expect(j).toMatchObject({
      name: 'Class plan',
      type: 'journalNode',
      content: 'Pia: seeds\n\nSam: water',
      members: [pia.id, sam.id],
    });
    expect(j.collaborators.map((p: { name: string }) => p.name)).toEqual([
      'Pia Pupil',
      'stranger@school.test',
    ]);
    // The personal journal stays in the journal report, not here.
    const personal = await t.call('GET', `/api/assignment/${a._id}/journal-report`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(JSON.stringify(personal.body)).toContain('Pia alone');
    expect(JSON.stringify(personal.body)).not.toContain('Sam: water');
    // A member opens the journal by id; nothing leaks into the other assignment's report.
    const byId = await t.call('GET', `/api/journal/${j.journalId}`, { token: sam.token, orgId: w.org });
    expect(byId.status).toBe(200);
    expect(byId.body.data.content).toBe('Pia: seeds\n\nSam: water');
    const reportB = await t.call('GET', `/api/assignment/${b._id}/collaborative-journal-report`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(reportB.body).toEqual({ journals: [] });
  });

  it('Update Journal of a shared journal not written yet answers updated: false and creates nothing', async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const base = `/api/player/assignment/${a._id}`;
    const token = w.users.participant.token;
    const up = await t.call('POST', `${base}/journal/update`, {
      token,
      body: { name: 'Ideas', content: 'x', mode: 'append', collaborative: true },
    });
    expect(up.body).toEqual({ updated: false });
    const typed = await t.call('POST', `${base}/journal/update`, {
      token,
      body: { name: 'Ideas', content: 'x', mode: 'append', collaborative: 'yes' },
    });
    expect(typed.status).toBe(400);
    expect(JSON.stringify(typed.body)).toContain('collaborative');
    const report = await t.call('GET', `/api/assignment/${a._id}/collaborative-journal-report`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(report.body).toEqual({ journals: [] });
  });
});
