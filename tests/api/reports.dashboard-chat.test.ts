import { afterAll, describe, expect, it } from 'vitest';
import { formatCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';
import { reportStatement as st, VERB } from './helpers/report-statements';
import { xapiClient } from './helpers/xapi';

let ai: OpenAiServer;
let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  async () => {
    ai = await startOpenAiServer({ usage: { prompt_tokens: 300, completion_tokens: 7 } });
    return createTestApp({ AI_BASE_URL: ai.baseURL });
  },
  (world) => {
    w = world;
    t = world.t;
  },
);
afterAll(() => ai.close());

/** Assignment A of the organisation with two learners' statements, and one statement of another space. */
async function setup() {
  const a = await createAssignment(w, { name: 'Fractions week' });
  await t.call('POST', '/api/assignment/join', { token: w.users.participant.token, body: { code: a.code } });
  const inOrg = await xapiClient(t, w.users.head, w.org);
  const post = async (client: typeof inOrg, statements: unknown[]) => {
    const res = await client.call('POST', '/xapi/statements', { body: statements });
    expect(res.status, res.text).toBe(200);
  };
  const A = { assignmentId: a._id, flowId: w.orgFlows[0] };
  await post(inOrg, [
    st({
      ...A,
      email: 'pupil@school.test',
      name: 'Pia Pupil',
      verb: 'answered',
      object: 'q1',
      score: { raw: 3, max: 6 },
    }),
    st({
      ...A,
      email: 'guest@school.test',
      name: 'Gus Guest',
      verb: 'completed',
      object: 'q2',
      evidence: 'all done',
    }),
  ]);
  // Names assignment A but is written in the personal space: it must never reach the model.
  await post(await xapiClient(t, w.users.owner), [
    st({ ...A, email: 'intruder@x.test', name: 'Ivan Intruder', verb: 'answered', object: 'q1' }),
  ]);
  await creditsOf(t).grant({ to: org(w.org), amount: cr('10'), idempotencyKey: 'g-org' });
  await creditsOf(t).grant({ to: user(w.users.owner.id), amount: cr('10'), idempotencyKey: 'g-owner' });
  return a;
}

const ask = (id: string, token: string, body: unknown, orgId?: string) =>
  t.call('POST', `/api/assignment/${id}/lrs-dashboard/chat`, { token, orgId, body });

describe('[REPORTS] the LRS dashboard chat panel (spec 02 §2)', () => {
  it('answers from the assignment’s statements and charges the space exactly, holding nothing after', async () => {
    const a = await setup();
    const res = await ask(
      a._id,
      w.users.owner.token,
      { question: 'Who is behind?', model: 'gpt-5-mini' },
      w.org,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.content).toBe('Hello, world');
    const expected = priceCall('gpt-5-mini', { inputTokens: 300, outputTokens: 7 });
    expect(expected).toBeGreaterThan(0n);
    expect(res.body.cost).toBe(formatCredits(expected));
    const wallet = await creditsOf(t).balanceOf(org(w.org));
    expect(wallet.balance).toBe(cr('10') - expected);
    expect(wallet.reserved).toBe(0n);
    expect((await creditsOf(t).balanceOf(user(w.users.owner.id))).balance).toBe(cr('10'));
    await expectBooksBalance(t);

    // The statements travel as a system message, the teacher's question as the user message on its own.
    const messages = ai.requests.at(-1)?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1].content).toBe('Who is behind?');
    expect(messages[0].content).not.toContain('Who is behind?');
    expect(messages[0].content).toContain('Pia Pupil');
    const prompt = JSON.stringify(messages);
    expect(prompt).toContain('Pia Pupil');
    expect(prompt).toContain('Gus Guest');
    expect(prompt).toContain('Total statements: 2');
    expect(prompt).not.toContain('Intruder');
    expect(prompt).not.toContain('pupil@school.test');
  });

  it('describes only the verb on screen, and streams with [DONE] last', async () => {
    const a = await setup();
    const res = await t.app.request(`/api/assignment/${a._id}/lrs-dashboard/chat`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${w.users.coOwner.token}`,
        orgId: w.org,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({ question: 'Scores?', verb: VERB('answered'), model: 'gpt-5-mini' }),
    });
    // A co-owner is not yet one: 403 like the dashboard itself.
    expect(res.status).toBe(403);
    await t.call('POST', `/api/assignment/${a._id}/co-owners`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: { coOwnerEmails: ['co@school.test'] },
    });
    const ok = await t.app.request(`/api/assignment/${a._id}/lrs-dashboard/chat`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${w.users.coOwner.token}`,
        orgId: w.org,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({ question: 'Scores?', verb: VERB('answered'), model: 'gpt-5-mini' }),
    });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text.endsWith('data: [DONE]\n\n'), text).toBe(true);
    expect(text).toContain('"done":true');
    const prompt = JSON.stringify(ai.requests.at(-1)?.body.messages);
    expect(prompt).toContain('Pia Pupil');
    expect(prompt).not.toContain('Gus Guest');
    expect((await creditsOf(t).balanceOf(org(w.org))).reserved).toBe(0n);
  });

  it('refuses a participant, another space and the signed-out, and charges nobody', async () => {
    const a = await setup();
    const before = ai.requests.length;
    const body = { question: 'Who is behind?' };
    expect((await ask(a._id, w.users.participant.token, body, w.org)).status).toBe(403);
    expect((await ask(a._id, w.users.stranger.token, body, w.org)).status).toBe(403);
    // As the report routes (spec 02 §6): the organisation's admin who is neither owner nor co-owner.
    expect((await ask(a._id, w.users.head.token, body, w.org)).status).toBe(403);
    expect((await ask(a._id, w.users.outsider.token, body, w.otherOrg)).status).toBe(404);
    // The owner asking from the personal space does not find the organisation's assignment either.
    expect((await ask(a._id, w.users.owner.token, body)).status).toBe(404);
    expect((await t.call('POST', `/api/assignment/${a._id}/lrs-dashboard/chat`, { body })).status).toBe(401);
    expect(ai.requests.length).toBe(before);
    expect((await creditsOf(t).balanceOf(org(w.org))).balance).toBe(cr('10'));
    expect((await creditsOf(t).balanceOf(user(w.users.owner.id))).balance).toBe(cr('10'));
  });

  it('answers 400 naming the field for bad input', async () => {
    const a = await setup();
    const empty = await ask(a._id, w.users.owner.token, { question: '  ' }, w.org);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('question');
    const long = await ask(a._id, w.users.owner.token, { question: 'x'.repeat(2001) }, w.org);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('question');
    const model = await ask(a._id, w.users.owner.token, { question: 'Hi', model: 'no-such-model' }, w.org);
    expect(model.status).toBe(400);
    expect(JSON.stringify(model.body)).toContain('model');
    expect((await ask('not-an-id', w.users.owner.token, { question: 'Hi' }, w.org)).status).toBe(400);
    expect((await creditsOf(t).balanceOf(org(w.org))).reserved).toBe(0n);
  });
});
