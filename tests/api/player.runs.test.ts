import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newState } from '../../src/shared/domain/runtime/state';
import type { TestApp } from './harness';
import { createTestApp } from './harness';
import { type AssignmentWorld, buildAssignmentWorld, createAssignment } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;
// The world of assignment-world.ts, with room to start on a busy shared machine (its hooks allow 60 s).
const START_MS = 600_000;
beforeAll(async () => {
  t = await createTestApp();
}, START_MS);
afterAll(() => t?.close());
beforeEach(async () => {
  await t.reset();
  w = await buildAssignmentWorld(t);
}, START_MS);

const joinAs = async (token: string, code: string) => {
  const res = await t.call('POST', '/api/assignment/join', { token, body: { code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** A run standing at the flow's second block, with one earlier answer. */
const runAt = (nodeId: string) => {
  const state = newState(1000, 'run-1');
  state.at = { nodeId, request: { kind: 'text', prompt: 'Why?', placeholder: '' } };
  state.seq = 2;
  return {
    revision: 3,
    state,
    transcript: [{ after: 1, key: 'a-1-quiz', kind: 'answer', text: 'Colour? — Green' }],
  };
};

describe('[PLAYER] a learner goes on where they left, on another phone', () => {
  it('keeps each participant their own place in a flow; nobody else reads or writes it', async () => {
    const a = await createAssignment(w);
    const pia = w.users.participant;
    const sam = w.users.stranger;
    await joinAs(pia.token, a.code);
    await joinAs(sam.token, a.code);
    const url = `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/run`;

    const none = await t.call('GET', url, { token: pia.token });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toEqual({ data: null });

    const saved = await t.call('PUT', url, { token: pia.token, body: runAt('essay') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await t.call('PUT', url, { token: pia.token, body: runAt('feedback') });
    const back = await t.call('GET', url, { token: pia.token });
    expect(back.body.data.revision).toBe(3);
    expect(back.body.data.state.at.nodeId).toBe('feedback');
    expect(back.body.data.transcript[0].text).toBe('Colour? — Green');

    // Another participant of the same class has their own (empty) place.
    expect((await t.call('GET', url, { token: sam.token })).body).toEqual({ data: null });
    // Someone of another space is refused, and learns nothing of the run.
    const outsider = await t.call('GET', url, { token: w.users.outsider.token });
    expect([403, 404]).toContain(outsider.status);
    expect(JSON.stringify(outsider.body)).not.toContain('feedback');
    const forged = await t.call('PUT', url, { token: w.users.outsider.token, body: runAt('x') });
    expect([403, 404]).toContain(forged.status);
    expect((await t.call('GET', url, { token: pia.token })).body.data.state.at.nodeId).toBe('feedback');
    // Signed out: 401.
    expect((await t.call('GET', url)).status).toBe(401);
  });

  it('answers 400 naming the field for a bad run, and 404 for a flow not in the assignment', async () => {
    const a = await createAssignment(w);
    const pia = w.users.participant;
    await joinAs(pia.token, a.code);
    const url = `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/run`;
    const bad = await t.call('PUT', url, { token: pia.token, body: { revision: 1, state: { v: 2 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('state');
    const noRevision = await t.call('PUT', url, { token: pia.token, body: { ...runAt('e'), revision: -1 } });
    expect(noRevision.status).toBe(400);
    expect(JSON.stringify(noRevision.body)).toContain('revision');
    const nul = runAt('e');
    nul.state.variables = { note: 'a\u0000b' };
    const withNul = await t.call('PUT', url, { token: pia.token, body: nul });
    expect(withNul.status).toBe(400);
    expect(JSON.stringify(withNul.body)).toContain('NUL');
    const badId = await t.call('GET', `/api/player/assignment/${a._id}/flow/not-an-id/run`, {
      token: pia.token,
    });
    expect(badId.status).toBe(400);
    const elsewhere = await t.call('GET', `/api/player/assignment/${a._id}/flow/${'f'.repeat(24)}/run`, {
      token: pia.token,
    });
    expect(elsewhere.status).toBe(404);
  });
});
