import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AiChunk, AiProvider } from '../../src/server/adapters/ai/ai';
import { createOfflineProvider } from '../../src/server/adapters/ai/offline';
import { boundFor } from '../../src/server/credits/ai-usage';
import { createCreditsService, type TWalletOwner } from '../../src/server/credits/credits.service';
import { assignments } from '../../src/server/db/schema/assignments';
import { createLrsService, lrsSpace } from '../../src/server/lrs';
import { PlayerClosedMessage, PlayerMessage, type TPlayerClosed } from '../../src/shared/contract/player';
import { parseCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { buildStatement, XAPI_EXTENSIONS } from '../../src/shared/domain/runtime';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/** The offline provider, or a priced model standing in for a configured one (PAID = true). */
let paid = false;
const offline = createOfflineProvider();
const provider: AiProvider = {
  id: 'switch',
  label: 'test',
  get offline() {
    return !paid;
  },
  async *stream(req): AsyncGenerator<AiChunk> {
    if (!paid) {
      yield* offline.stream(req);
      return;
    }
    yield { type: 'text', text: 'Well done, ' };
    yield { type: 'text', text: 'photosynthesis needs light.' };
    yield { type: 'usage', inputTokens: 40, outputTokens: 12 };
    yield { type: 'done' };
  },
};

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({}, { ai: provider }),
  (world) => {
    w = world;
    t = world.t;
    paid = false;
  },
);

const ORIGIN = 'http://localhost';
const answered = (flowId: string, n: number, evidence = 'Plants make sugar from light') =>
  buildStatement(
    {
      actor: { name: 'Anyone', mbox: 'mailto:forged@evil.test' },
      flowActivityId: `${ORIGIN}/viewer/flows/${flowId}`,
    },
    {
      verb: 'answered',
      node: { id: 'input1', type: 'textInputNode', label: 'Why?', kind: 'interaction' },
      result: { response: evidence },
      evidence,
    },
    `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    '2026-11-25T10:00:00.000Z',
  );
const joinAs = async (token: string, code: string) => {
  const res = await t.call('POST', '/api/assignment/join', { token, body: { code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const aiBody = {
  nodeId: 'p1',
  nodeType: 'promptNode',
  purpose: 'prompt',
  messages: [{ role: 'user', content: 'Explain photosynthesis' }],
};
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
const grant = (to: TWalletOwner, amount: string) =>
  createCreditsService(t.deps).grant({
    to,
    amount: parseCredits(amount),
    idempotencyKey: `g-${Math.random()}`,
  });

describe('[PLAYER] participant routes', () => {
  it('shows the assignment and its flows to a participant only (401, 403, 404)', async () => {
    const a = await createAssignment(w);
    const path = `/api/player/assignment/${a._id}`;
    expect((await t.call('GET', path)).status).toBe(401);
    expect((await t.call('GET', path, { token: w.users.participant.token })).status).toBe(403);
    await joinAs(w.users.participant.token, a.code);
    const res = await t.call('GET', path, { token: w.users.participant.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.flows.map((f: { _id: string }) => f._id)).toEqual(w.orgFlows);
    expect(res.body.data.actor).toEqual({
      objectType: 'Agent',
      name: 'Pia Pupil',
      mbox: 'mailto:pupil@school.test',
    });
    expect((await t.call('GET', path, { token: w.users.stranger.token })).status).toBe(403);
    const unknown = await t.call('GET', '/api/player/assignment/0123456789abcdef01234567', {
      token: w.users.participant.token,
    });
    expect(unknown.status).toBe(404);
    expect(
      (await t.call('GET', '/api/player/assignment/nope', { token: w.users.participant.token })).status,
    ).toBe(400);
    const flow = await t.call('GET', `${path}/flow/${w.orgFlows[0]}`, { token: w.users.participant.token });
    expect(flow.status).toBe(200);
    expect(flow.body.data.nodes[0].type).toBe('beginNode');
    const other = await t.call('GET', `${path}/flow/${w.personalFlows[0]}`, {
      token: w.users.participant.token,
    });
    expect(other.status).toBe(404);
  });

  it('writes statements to the LRS of the assignment space as the participant, counted once', async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const flowId = w.orgFlows[0];
    const path = `/api/player/assignment/${a._id}/flow/${flowId}/statements`;
    const body = { statements: [answered(flowId, 1)] };
    const res = await t.call('POST', path, { token: w.users.participant.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counted).toBe(1);
    const again = await t.call('POST', path, { token: w.users.participant.token, body });
    expect(again.body.counted).toBe(0);

    const stored = await createLrsService(t.deps).getStatement(
      lrsSpace({ orgId: w.org, userId: w.users.owner.id }),
      res.body.ids[0],
    );
    expect(stored?.actor).toEqual({
      objectType: 'Agent',
      name: 'Pia Pupil',
      mbox: 'mailto:pupil@school.test',
    });
    // biome-ignore lint/suspicious/noExplicitAny: reads a stored statement of any shape
    const ctx = stored?.context as Record<string, any>;
    expect(ctx.contextActivities.grouping[0].id).toBe(`${ORIGIN}/viewer/assignment/${a._id}`);
    expect(ctx.contextActivities.parent[0].id).toBe(`${ORIGIN}/viewer/flows/${flowId}`);
    expect(ctx.extensions[XAPI_EXTENSIONS.evidence]).toBe('Plants make sugar from light');
    expect(Object.keys(ctx.extensions).some((k) => k.endsWith('evidence'))).toBe(true);
    // Nothing in the owner's personal space.
    const personal = await createLrsService(t.deps).getStatement(
      lrsSpace({ orgId: null, userId: w.users.owner.id }),
      res.body.ids[0],
    );
    expect(personal).toBeNull();

    const matrix = await t.call('GET', `/api/assignment/${a._id}/participants`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(matrix.body.data[0].flows[0].interactions).toBe(1);
    const mine = await t.call('GET', `/api/player/assignment/${a._id}`, { token: w.users.participant.token });
    expect(mine.body.data.flows[0].interactions).toBe(1);
  });

  it('refuses bad statements with 400 naming the field, and strangers with 403', async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const path = `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/statements`;
    const empty = await t.call('POST', path, { token: w.users.participant.token, body: { statements: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('statements');
    const noVerb = await t.call('POST', path, {
      token: w.users.participant.token,
      body: { statements: [{ object: { id: 'http://x.test/a' } }] },
    });
    expect(noVerb.status).toBe(400);
    expect(noVerb.body.message).toContain('verb');
    const stranger = await t.call('POST', path, {
      token: w.users.stranger.token,
      body: { statements: [answered(w.orgFlows[0], 2)] },
    });
    expect(stranger.status).toBe(403);
  });
});

describe('[PLAYER] journals port', () => {
  it("keeps a participant's journals of the assignment, readable and updatable, and refuses strangers", async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const token = w.users.participant.token;
    const base = `/api/player/assignment/${a._id}`;
    expect((await t.call('GET', `${base}/journal?name=Diary`, { token })).body.data).toBeNull();
    const put = await t.call('PUT', `${base}/flow/${w.orgFlows[0]}/journal`, {
      token,
      body: { name: 'Diary', content: 'Day 1: seeds', nodeId: 'j1', nodeType: 'journalNode' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const up = await t.call('POST', `${base}/journal/update`, {
      token,
      body: { name: 'Diary', content: 'Day 2: sprouts', mode: 'append' },
    });
    expect(up.body.updated).toBe(true);
    const read = await t.call('GET', `${base}/journal?name=Diary`, { token });
    expect(read.body.data.content).toContain('Day 1: seeds');
    expect(read.body.data.content).toContain('Day 2: sprouts');
    const none = await t.call('POST', `${base}/journal/update`, {
      token,
      body: { name: 'Other', content: 'x', mode: 'append' },
    });
    expect(none.body.updated).toBe(false);
    expect((await t.call('GET', `${base}/journal`, { token })).status).toBe(400);
    const stranger = await t.call('GET', `${base}/journal?name=Diary`, { token: w.users.stranger.token });
    expect(stranger.status).toBe(403);
    // The teacher's journal report reads what the learner wrote.
    const report = await t.call('GET', `/api/assignment/${a._id}/journal-report`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(JSON.stringify(report.body)).toContain('Diary');
  });
});

describe('[PLAYER] AI route', () => {
  it('streams the offline provider answer to a participant', async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const res = await t.call('POST', `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/ai`, {
      token: w.users.participant.token,
      body: aiBody,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('ndjson');
    const out = lines(res.body as string);
    expect(
      out
        .filter((l) => l.type === 'text')
        .map((l) => l.text)
        .join(''),
    ).toContain('Explain photosynthesis');
    expect(out.at(-1)).toEqual({ type: 'done' });
    const bad = await t.call('POST', `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/ai`, {
      token: w.users.participant.token,
      body: { ...aiBody, messages: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('messages');
  });

  it('charges the organisation under PAY_BY_ORG and asks the learner to ask the teacher when it is empty', async () => {
    paid = true;
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const path = `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/ai`;
    const refused = await t.call('POST', path, { token: w.users.participant.token, body: aiBody });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'ORG_UNIT_BALANCE_INSUFFICIENT',
      message: PlayerMessage.askTeacher,
    });
    await grant({ kind: 'org', orgId: w.org }, '1000');
    const res = await t.call('POST', path, { token: w.users.participant.token, body: aiBody });
    expect(res.status).toBe(200);
    const out = lines(res.body as string);
    expect(
      out
        .filter((l) => l.type === 'text')
        .map((l) => l.text)
        .join(''),
    ).toBe('Well done, photosynthesis needs light.');
    const usage = out.find((l) => l.type === 'usage');
    expect(parseCredits(usage.credits)).toBeGreaterThan(0n);
    const balance = await createCreditsService(t.deps).balanceOf({ kind: 'org', orgId: w.org });
    expect(balance.balance).toBe(parseCredits('1000') - parseCredits(usage.credits));
    expect(balance.reserved).toBe(0n);
  });

  it('charges the owner under PAY_BY_ME', async () => {
    paid = true;
    const a = await createAssignment(w, {}, { org: false });
    await joinAs(w.users.participant.token, a.code);
    await grant({ kind: 'user', userId: w.users.owner.id }, '50');
    const res = await t.call('POST', `/api/player/assignment/${a._id}/flow/${w.personalFlows[0]}/ai`, {
      token: w.users.participant.token,
      body: aiBody,
    });
    expect(res.status).toBe(200);
    const owner = await createCreditsService(t.deps).balanceOf({ kind: 'user', userId: w.users.owner.id });
    expect(owner.balance).toBeLessThan(parseCredits('50'));
    const pupil = await createCreditsService(t.deps).balanceOf({
      kind: 'user',
      userId: w.users.participant.id,
    });
    expect(pupil.balance).toBe(0n);
  });
});

describe('[PLAYER] public access link and shared flows', () => {
  const link = async (a: { _id: string }) => {
    const res = await t.call('POST', `/api/assignment/${a._id}/access-link`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.code as string;
  };

  it('runs without an account, records as a guest and charges the link until it runs out', async () => {
    const a = await createAssignment(w);
    const code = await link(a);
    const open = await t.call('GET', `/api/player/public/${code}`);
    expect(open.status).toBe(200);
    expect(open.body.data.publicCode).toBe(code);
    expect((await t.call('GET', '/api/player/public/nolinkhere')).status).toBe(404);
    expect((await t.call('GET', '/api/player/public/BAD!')).status).toBe(400);

    const flowId = w.orgFlows[0];
    const rec = await t.call('POST', `/api/player/public/${code}/flow/${flowId}/statements`, {
      body: { statements: [answered(flowId, 3)], learner: { id: 'visitor-1234', name: 'Sam' } },
    });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    const stored = await createLrsService(t.deps).getStatement(
      lrsSpace({ orgId: w.org, userId: w.users.owner.id }),
      rec.body.ids[0],
    );
    expect(stored?.actor).toEqual({
      objectType: 'Agent',
      name: 'Sam',
      account: { homePage: ORIGIN, name: 'guest-visitor-1234' },
    });
    const noLearner = await t.call('POST', `/api/player/public/${code}/flow/${flowId}/statements`, {
      body: { statements: [answered(flowId, 4)] },
    });
    expect(noLearner.status).toBe(400);

    const ai = `/api/player/public/${code}/flow/${flowId}/ai`;
    const empty = await t.call('POST', ai, { body: aiBody });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      errorCode: 'UNIT_BALANCE_INSUFFICIENT',
      message: PlayerMessage.linkOutOfCredits,
    });
    paid = true;
    // Enough for one call's bound (the model's most), not for two.
    const bound = boundFor('gpt-5-mini', aiBody.messages as never);
    const cost = priceCall('gpt-5-mini', { inputTokens: 40, outputTokens: 12 });
    const credits = createCreditsService(t.deps);
    const granted = bound + cost / 2n;
    await credits.grant({
      to: { kind: 'accessLink', id: code },
      amount: granted,
      idempotencyKey: 'link-grant',
    });
    const first = await t.call('POST', ai, { body: aiBody });
    expect(first.status).toBe(200);
    const wallet = await credits.balanceOf({ kind: 'accessLink', id: code });
    expect(wallet.balance).toBe(granted - cost);
    expect(wallet.reserved).toBe(0n);
    // The next call's bound no longer fits: the link stops with the clean message.
    const out = await t.call('POST', ai, { body: aiBody });
    expect(out.status).toBe(400);
    expect(out.body.message).toBe(PlayerMessage.linkOutOfCredits);
  });

  it('lets any site embed the player pages (spec 02 §9), and only them', async () => {
    const viewer = await t.call('GET', '/viewer/public-assignment/abc');
    expect(viewer.headers.get('x-frame-options')).toBeNull();
    expect(viewer.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const editor = await t.call('GET', '/api/health');
    expect(editor.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('shows a shared flow only once published', async () => {
    const id = w.orgFlows[0];
    expect((await t.call('GET', `/api/player/share/flow/${id}`)).status).toBe(404);
    await t.database.db.execute(`update flows set published = true where id = '${id}'`);
    const res = await t.call('GET', `/api/player/share/flow/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(id);
  });
});

describe('[PLAYER] paused, locked or ended assignments', () => {
  const closedBody = (reason: TPlayerClosed) => ({
    errorCode: 'ASSIGNMENT_CLOSED',
    message: PlayerClosedMessage[reason],
    details: { reason },
  });
  const setRow = (id: string, values: Partial<typeof assignments.$inferInsert>) =>
    t.deps.database.db.update(assignments).set(values).where(eq(assignments.id, id));

  it('refuses new statements and AI calls of participants and public links with the learner-facing text', async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const linkRes = await t.call('POST', `/api/assignment/${a._id}/access-link`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: {},
    });
    const code = linkRes.body.code as string;
    const flowId = w.orgFlows[0];
    const base = `/api/player/assignment/${a._id}`;
    const token = w.users.participant.token;
    const tryAll = async (reason: TPlayerClosed, n: number) => {
      const rec = await t.call('POST', `${base}/flow/${flowId}/statements`, {
        token,
        body: { statements: [answered(flowId, n)] },
      });
      expect(rec.status, JSON.stringify(rec.body)).toBe(403);
      expect(rec.body).toMatchObject(closedBody(reason));
      const ai = await t.call('POST', `${base}/flow/${flowId}/ai`, { token, body: aiBody });
      expect(ai.status).toBe(403);
      expect(ai.body).toMatchObject(closedBody(reason));
      const pub = await t.call('POST', `/api/player/public/${code}/flow/${flowId}/statements`, {
        body: { statements: [answered(flowId, n + 1)], learner: { id: 'visitor-1234' } },
      });
      expect(pub.status).toBe(403);
      expect(pub.body).toMatchObject(closedBody(reason));
      const pubAi = await t.call('POST', `/api/player/public/${code}/flow/${flowId}/ai`, { body: aiBody });
      expect(pubAi.status).toBe(403);
      expect(pubAi.body).toMatchObject(closedBody(reason));
      // The player still opens the assignment, to show why it cannot run.
      const open = await t.call('GET', base, { token });
      expect(open.body.data.closed).toBe(reason);
      expect((await t.call('GET', `/api/player/public/${code}`)).body.data.closed).toBe(reason);
    };

    const pause = await t.call('PUT', `/api/assignment/${a._id}/toggle-pause`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: { isPaused: true },
    });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    await tryAll('paused', 10);
    await setRow(a._id, { isPaused: false, isLocked: true });
    await tryAll('locked', 20);
    await setRow(a._id, { isLocked: false, endDate: new Date(Date.now() - 60_000) });
    await tryAll('ended', 30);
    await setRow(a._id, { endDate: null });
    const ok = await t.call('POST', `${base}/flow/${flowId}/statements`, {
      token,
      body: { statements: [answered(flowId, 40)] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await t.call('GET', base, { token })).body.data.closed).toBeNull();
  });
});

describe('[PLAYER] photo answers', () => {
  it("uploads a participant's photo through the media route and records its URL as evidence", async () => {
    const a = await createAssignment(w);
    await joinAs(w.users.participant.token, a.code);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.set('media', new File([png], 'leaf.png'));
    form.set('path', 'player');
    const up = await t.call('POST', '/api/s3/upload', { token: w.users.participant.token, raw: form });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const url = `${ORIGIN}${up.body.url}`;
    const flowId = w.orgFlows[0];
    const photo = buildStatement(
      { actor: { name: 'Pia' }, flowActivityId: `${ORIGIN}/viewer/flows/${flowId}` },
      {
        verb: 'answered',
        node: { id: 'img1', type: 'imageInputNode', label: 'Your leaf', kind: 'interaction' },
        evidence: { id: url, description: 'leaf.png' },
      },
      '00000000-0000-4000-8000-000000000077',
      '2026-11-25T10:00:00.000Z',
    );
    const rec = await t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/statements`, {
      token: w.users.participant.token,
      body: { statements: [photo] },
    });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    const stored = await createLrsService(t.deps).getStatement(
      lrsSpace({ orgId: w.org, userId: w.users.owner.id }),
      rec.body.ids[0],
    );
    const ext = (stored?.context as { extensions?: Record<string, unknown> } | undefined)?.extensions ?? {};
    const evidence = Object.entries(ext).find(([k]) => k.endsWith('evidence'))?.[1];
    expect(JSON.stringify(evidence)).toContain(up.body.url);
    const back = await t.call('GET', up.body.url, { token: w.users.participant.token });
    expect(back.status).toBe(200);
  });
});
