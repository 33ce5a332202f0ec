import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateGraph } from '../../src/shared/domain/link-rules';
import { NODE_CATALOGUE } from '../../src/shared/domain/node-catalogue';
import { TINY_PNG_BASE64 } from '../fixtures/openai-media';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, org, user } from './helpers/credits';
import { makeOrg, makeUser, type TestUser } from './helpers/users';
import { insertFlow } from './tools-fixtures';

let ai: OpenAiServer;
let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let outsider: TestUser;
let school: string;

beforeAll(async () => {
  ai = await startOpenAiServer({
    text: ['Plants ', 'need light.'],
    usage: { prompt_tokens: 20, completion_tokens: 6 },
  });
  t = await createTestApp({ AI_BASE_URL: ai.baseURL });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@school.test');
  ben = await makeUser(t, 'ben@school.test');
  outsider = await makeUser(t, 'out@elsewhere.test');
  school = await makeOrg(t, 'School', ann, [ben]);
  await makeOrg(t, 'Elsewhere', outsider);
});

const aiBody = {
  nodeId: 'n1',
  nodeType: 'promptNode',
  purpose: 'prompt',
  model: 'gpt-4o',
  messages: [{ role: 'user', content: 'Explain photosynthesis' }],
};
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
const count = async (table: string) =>
  Number(
    (
      (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );
const annFlow = (orgId: string | null) =>
  insertFlow(t, { ownerId: ann.id, orgId, name: 'Plants', nodeTypes: ['beginNode', 'promptNode'] });

describe('[PLAYER] author preview', () => {
  it('gives the author their flow in its own space, with no orgId header', async () => {
    const id = await annFlow(school);
    const res = await t.call('GET', `/api/player/preview/flow/${id}`, { token: ann.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ _id: id, name: 'Plants' });
    expect(res.body.data.nodes.map((n: { type: string }) => n.type)).toEqual(['beginNode', 'promptNode']);
  });

  it('answers 404 to anyone who may not read the flow, 401 without a session, 400 for a bad id', async () => {
    const orgFlow = await annFlow(school);
    const personal = await annFlow(null);
    // ben is in the school but has no role on ann's flow; outsider is in another organisation.
    for (const [who, id] of [
      [ben, orgFlow],
      [outsider, orgFlow],
      [ben, personal],
      [outsider, personal],
    ] as const) {
      const read = await t.call('GET', `/api/player/preview/flow/${id}`, { token: who.token });
      expect(read.status).toBe(404);
      const call = await t.call('POST', `/api/player/preview/flow/${id}/ai`, {
        token: who.token,
        body: aiBody,
      });
      expect(call.status).toBe(404);
    }
    expect((await t.call('GET', `/api/player/preview/flow/${orgFlow}`)).status).toBe(401);
    const bad = await t.call('GET', '/api/player/preview/flow/not-an-id', { token: ann.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    const badBody = await t.call('POST', `/api/player/preview/flow/${orgFlow}/ai`, {
      token: ann.token,
      body: { ...aiBody, messages: 'hi' },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.message).toContain('messages');
  });

  it('charges the organisation wallet for an organisation flow and the author for a personal one', async () => {
    await creditsOf(t).grant({ to: org(school), amount: cr('1000'), idempotencyKey: 'g1' });
    await creditsOf(t).grant({ to: user(ann.id), amount: cr('1000'), idempotencyKey: 'g2' });
    for (const [orgId, wallet, other] of [
      [school, org(school), user(ann.id)],
      [null, user(ann.id), org(school)],
    ] as const) {
      const id = await annFlow(orgId);
      const before = await creditsOf(t).balanceOf(other);
      const res = await t.call('POST', `/api/player/preview/flow/${id}/ai`, {
        token: ann.token,
        body: aiBody,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const out = lines(res.body as string);
      expect(
        out
          .filter((l) => l.type === 'text')
          .map((l) => l.text)
          .join(''),
      ).toBe('Plants need light.');
      const charged = cr(out.find((l) => l.type === 'usage').credits);
      expect(charged).toBeGreaterThan(0n);
      const after = await creditsOf(t).balanceOf(wallet);
      expect(after.reserved).toBe(0n);
      expect((await creditsOf(t).balanceOf(other)).balance).toBe(before.balance);
      if (orgId) expect(after.balance).toBe(cr('1000') - charged);
    }
    await expectBooksBalance(t);
  });

  it('refuses an empty wallet before calling the model and holds nothing', async () => {
    const id = await annFlow(school);
    const res = await t.call('POST', `/api/player/preview/flow/${id}/ai`, { token: ann.token, body: aiBody });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('ORG_UNIT_BALANCE_INSUFFICIENT');
    expect((await creditsOf(t).balanceOf(org(school))).reserved).toBe(0n);
  });

  it('runs a media block of the flow, paid by the author in their personal space; others get 404', async () => {
    await creditsOf(t).grant({ to: user(ann.id), amount: cr('1000'), idempotencyKey: 'g1' });
    const id = await insertFlow(t, {
      ownerId: ann.id,
      orgId: null,
      name: 'Look',
      nodeTypes: ['beginNode', 'describeImageNode'],
    });
    const path = `/api/player/preview/flow/${id}/media`;
    const body = {
      op: 'describe',
      nodeId: 'n1',
      nodeType: 'describeImageNode',
      kind: 'image',
      images: [`data:image/png;base64,${TINY_PNG_BASE64}`],
      prompt: 'What is it?',
    };
    expect((await t.call('POST', path, { token: ben.token, body })).status).toBe(404);
    const bad = await t.call('POST', path, { token: ann.token, body: { ...body, op: 'paint' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('op');
    const notInFlow = await t.call('POST', path, { token: ann.token, body: { ...body, nodeId: 'n9' } });
    expect(notInFlow.status).toBe(400);
    expect(notInFlow.body.message).toContain('nodeId');
    const res = await t.call('POST', path, { token: ann.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.text).toBe('Plants need light.');
    const charged = cr(res.body.data.credits);
    expect(charged).toBeGreaterThan(0n);
    const wallet = await creditsOf(t).balanceOf(user(ann.id));
    expect(wallet.balance).toBe(cr('1000') - charged);
    expect(wallet.reserved).toBe(0n);
  });

  it('runs a server block of the flow with the author’s settings; others get 404, bad input 400', async () => {
    const id = await insertFlow(t, {
      ownerId: ann.id,
      orgId: school,
      name: 'Search',
      nodeTypes: ['beginNode', 'webSearchNode'],
    });
    const path = `/api/player/preview/flow/${id}/block`;
    const body = {
      nodeId: 'n1',
      nodeType: 'webSearchNode',
      inputs: { query: { type: 'text', text: 'frogs' } },
    };
    expect((await t.call('POST', path, { token: outsider.token, body })).status).toBe(404);
    expect((await t.call('POST', path, { token: ann.token, body: { ...body, nodeId: 'n9' } })).status).toBe(
      404,
    );
    const bad = await t.call('POST', path, { token: ann.token, body: { ...body, nodeType: 'promptNode' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('nodeType');
    // This server has no search provider: the block says so (the same answer a learner's run gets).
    const res = await t.call('POST', path, { token: ann.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ok: false, errorCode: 'SEARCH_NOT_CONFIGURED', configured: false });
  });

  it('records nothing for reports: no statements, journals or runs after a preview', async () => {
    await creditsOf(t).grant({ to: org(school), amount: cr('1000'), idempotencyKey: 'g1' });
    const id = await annFlow(school);
    await t.call('GET', `/api/player/preview/flow/${id}`, { token: ann.token });
    expect(
      (await t.call('POST', `/api/player/preview/flow/${id}/ai`, { token: ann.token, body: aiBody })).status,
    ).toBe(200);
    // A preview has no route that records: the player sends nothing, and a forged call finds nothing.
    const forged = await t.call('POST', `/api/player/preview/flow/${id}/statements`, {
      token: ann.token,
      body: { statements: [] },
    });
    expect(forged.status).toBe(404);
    expect(await count('lrs_statements')).toBe(0);
    expect(await count('journals')).toBe(0);
    expect(await count('player_run_states')).toBe(0);
  });
});

describe('[PLAYER] block demos', () => {
  it('builds a valid demo flow for every catalogue type, for anyone', async () => {
    for (const spec of NODE_CATALOGUE) {
      const res = await t.call('GET', `/api/player/demo/${spec.type}`);
      expect(res.status, spec.type).toBe(200);
      const flow = res.body.data;
      expect(flow._id).toBe(spec.type);
      expect(flow.nodes[0].type).toBe('beginNode');
      if (spec.type !== 'beginNode')
        expect(flow.nodes.some((n: { type: string }) => n.type === spec.type)).toBe(true);
      expect(validateGraph(flow).ok, spec.type).toBe(true);
    }
  });

  it('links Start to a block that runs, and shows a block that only holds a value', async () => {
    const asked = (await t.call('GET', '/api/player/demo/inputNode')).body.data;
    expect(asked.edges).toMatchObject([{ source: 'start', target: 'block', targetHandle: 'in' }]);
    expect(asked.nodes[1].data.question).toBeTruthy();
    const text = (await t.call('GET', '/api/player/demo/textNode')).body.data;
    expect(text.edges.map((e: { source: string; target: string }) => `${e.source}>${e.target}`)).toEqual([
      'start>show',
      'block>show',
    ]);
  });

  it('answers 404 for an unknown type and 400 for one that cannot be a type', async () => {
    expect((await t.call('GET', '/api/player/demo/noSuchNode')).status).toBe(404);
    const bad = await t.call('GET', '/api/player/demo/%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('type');
  });
});
