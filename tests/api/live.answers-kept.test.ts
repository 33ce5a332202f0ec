import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestApp, type TestApp } from './harness';
import type { AssignmentWorld } from './helpers/assignment-world';
import { worldPerTest } from './helpers/assignment-world';
import { learnerLiveUrl, liveAssignment, liveUrl } from './helpers/live';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const owner = () => ({ token: w.users.owner.token, orgId: w.org });
const participant = () => ({ token: w.users.participant.token, orgId: w.org });
const live = liveUrl;
const learner = learnerLiveUrl;

describe('[LIVE] the chart answers are kept by the server', () => {
  it('a reloaded projector, a restarted server and a phone sending again all find the answer once', async () => {
    const a = await liveAssignment(w);
    const started = await t.call('POST', live(a._id), { ...owner(), body: {} });
    const sessionId = started.body.data._id;
    expect((await t.call('POST', `${learner(a._id)}/join`, participant())).status).toBe(200);
    const body = { sessionId, step: 0, nodeId: 'n1', answer: { choices: ['Blue'] } };
    const sent = await t.call('POST', `${learner(a._id)}/answers`, { ...participant(), body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // The projector reloads: its page asks for the step's results again.
    const reloaded = await t.call('GET', `${live(a._id)}/results`, owner());
    expect(reloaded.body.data.answers).toEqual([
      { userId: w.users.participant.id, nodeId: 'n1', answer: { choices: ['Blue'] } },
    ]);

    // A restart: a new app over the same database, nothing of the first one's memory.
    const restarted = createApp(t.deps);
    const headers = { Authorization: `Bearer ${w.users.owner.token}`, orgId: w.org };
    const res = await restarted.request(`${live(a._id)}/results?step=0`, { headers });
    expect(res.status).toBe(200);
    const after = (await res.json()) as { data: { answers: unknown[]; members: Array<{ userId: string }> } };
    expect(after.data.answers).toEqual(reloaded.body.data.answers);
    expect(after.data.members.map((m) => m.userId)).toEqual([w.users.participant.id]);

    // The phone reloaded and sends the answer it kept again (it could not know the first one landed):
    // still one answer, the chart counts no one twice; a changed answer replaces it.
    expect((await t.call('POST', `${learner(a._id)}/answers`, { ...participant(), body })).status).toBe(200);
    const changed = { ...body, answer: { choices: ['Green'] } };
    expect(
      (await t.call('POST', `${learner(a._id)}/answers`, { ...participant(), body: changed })).status,
    ).toBe(200);
    const once = await t.call('GET', `${live(a._id)}/results`, owner());
    expect(once.body.data.answers.map((r: { answer: unknown }) => r.answer)).toEqual([
      { choices: ['Green'] },
    ]);

    // The teacher moves on and comes back: the step's answers are still there.
    await t.call('POST', `${live(a._id)}/control`, { ...owner(), body: { action: 'next' } });
    await t.call('POST', `${live(a._id)}/control`, { ...owner(), body: { action: 'back' } });
    const back = await t.call('GET', `${live(a._id)}/results`, owner());
    expect(back.body.data.answers).toHaveLength(1);
  });
});
