import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGenerateNameResponse, ZToolResponse } from '../../src/shared/contract/tools';
import { createTestApp, type TestApp } from './harness';
import { createWorld, insertCollection, insertFlow, type ToolWorld } from './tools-fixtures';

/** Sign-ups hash passwords with scrypt: slow on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
let t: TestApp;
let w: ToolWorld;
const f: Record<string, string> = {};

const post = (token: string, body: unknown, orgId?: string) =>
  t.call('POST', '/api/tool', { token, orgId, body });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  f.mine = await insertFlow(t, {
    ownerId: w.admin.id,
    name: 'Speaking Practice: Travel',
    nodeTypes: ['beginNode', 'voiceInputNode', 'processNode', 'displayNode'],
  });
  f.mine2 = await insertFlow(t, {
    ownerId: w.admin.id,
    name: 'Speaking Practice: Food',
    nodeTypes: ['quizJsonNode'],
  });
  f.memberOwn = await insertFlow(t, { ownerId: w.member.id, name: 'Member personal' });
  f.zetaAdmin = await insertFlow(t, { ownerId: w.admin.id, orgId: w.zeta, name: 'Zeta by admin' });
  const shared = await insertCollection(t, w.member.id, w.zeta, 'Member collection');
  f.zetaMember = await insertFlow(t, {
    ownerId: w.member.id,
    orgId: w.zeta,
    projectId: shared,
    name: 'In member collection',
  });
  f.omega = await insertFlow(t, { ownerId: w.other.id, orgId: w.omega, name: 'Omega flow' });
}, HOOK_TIMEOUT_MS);
afterAll(() => t.close());

describe('[TOOLS] create a tool', () => {
  it('creates a personal tool paid by its author', async () => {
    const res = await post(w.admin.token, {
      name: ' Travel talk ',
      description: 'Practise',
      flowIds: [f.mine2, f.mine, f.mine2],
      unitUsageOption: 'PAY_BY_ME',
      iconUrl: 'https://example.org/icon.png',
      endDate: '2030-01-01T00:00:00.000Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { data, message } = ZToolResponse.parse(res.body);
    expect(message).toBe('Tool created successfully');
    expect(data).toMatchObject({
      name: 'Travel talk',
      organizationId: null,
      flowIds: [f.mine2, f.mine],
      flowsCount: 2,
      status: 'active',
      type: 'tool',
      unitUsageOption: 'PAY_BY_ME',
      endDate: '2030-01-01T00:00:00.000Z',
    });
    expect(data.flows.map((x) => x.name)).toEqual(['Speaking Practice: Food', 'Speaking Practice: Travel']);
  });

  it('creates an organisation tool from any flow an org admin can see, paid by the organisation', async () => {
    const res = await post(
      w.admin.token,
      { name: 'Zeta tool', flowIds: [f.zetaAdmin, f.zetaMember], unitUsageOption: 'PAY_BY_ORG' },
      w.zeta,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      organizationId: w.zeta,
      flowsCount: 2,
      unitUsageOption: 'PAY_BY_ORG',
    });
  });

  it('is valid only with a flow, a name and a payment option', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'X', flowIds: [], unitUsageOption: 'PAY_BY_ME' }, 'flowIds: choose at least one flow'],
      [{ name: 'X', unitUsageOption: 'PAY_BY_ME' }, 'flowIds'],
      [{ flowIds: [f.mine], unitUsageOption: 'PAY_BY_ME' }, 'name'],
      [{ name: '   ', flowIds: [f.mine], unitUsageOption: 'PAY_BY_ME' }, 'name: is required'],
      [{ name: 'X', flowIds: [f.mine] }, 'unitUsageOption'],
      [{ name: 'X', flowIds: [f.mine], unitUsageOption: 'PAY_BY_CARD' }, 'unitUsageOption'],
    ];
    for (const [body, message] of cases) {
      const res = await post(w.admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('forces PAY_BY_ORG in an organisation and refuses it in the personal space', async () => {
    for (const option of ['PAY_BY_ME', 'PAY_BY_PARTICIPANT']) {
      const res = await post(
        w.admin.token,
        { name: 'X', flowIds: [f.zetaAdmin], unitUsageOption: option },
        w.zeta,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('unitUsageOption: must be PAY_BY_ORG in an organization');
    }
    const personal = await post(w.admin.token, {
      name: 'X',
      flowIds: [f.mine],
      unitUsageOption: 'PAY_BY_ORG',
    });
    expect(personal.status).toBe(400);
    expect(personal.body.message).toContain('unitUsageOption');
    const participant = await post(w.admin.token, {
      name: 'X',
      flowIds: [f.mine],
      unitUsageOption: 'PAY_BY_PARTICIPANT',
    });
    expect(participant.status).toBe(201);
  });

  it('refuses, naming it, a flow from another space or one the caller cannot see', async () => {
    const cases: Array<[string, string, string | undefined]> = [
      [w.admin.token, f.omega, w.zeta],
      [w.admin.token, f.zetaAdmin, undefined],
      [w.admin.token, f.mine, w.zeta],
      [w.admin.token, f.memberOwn, undefined],
      [w.member.token, f.zetaAdmin, w.zeta],
      [w.admin.token, 'not-a-flow', undefined],
    ];
    for (const [token, flowId, orgId] of cases) {
      const option = orgId ? 'PAY_BY_ORG' : 'PAY_BY_ME';
      const res = await post(token, { name: 'X', flowIds: [flowId, f.mine], unitUsageOption: option }, orgId);
      expect(res.status, flowId).toBe(400);
      expect(res.body.message).toBe(`flowIds: flow ${flowId} is not available in this space`);
    }
    const ok = await post(
      w.member.token,
      { name: 'M', flowIds: [f.zetaMember], unitUsageOption: 'PAY_BY_ORG' },
      w.zeta,
    );
    expect(ok.status).toBe(201);
  });

  it('refuses tags that are not usable in the space', async () => {
    const omegaTag = (
      await t.call('POST', '/api/tag', { token: w.other.token, orgId: w.omega, body: { name: 'Om' } })
    ).body.data.id;
    const res = await post(
      w.admin.token,
      { name: 'X', flowIds: [f.zetaAdmin], unitUsageOption: 'PAY_BY_ORG', tagIds: [omegaTag] },
      w.zeta,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`tagIds: tag ${omegaTag} not found`);
  });
});

describe('[TOOLS] generate a name and description (offline provider)', () => {
  const generate = (flows: string[], token = w.admin.token, orgId?: string) =>
    t.call('POST', '/api/tool/generate-name-description', { token, orgId, body: { flows } });

  it('builds them from the flow names and node types, the same every time', async () => {
    const first = await generate([f.mine, f.mine2]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const body = ZGenerateNameResponse.parse(first.body);
    expect(body.provider).toBe('offline');
    expect(body.name).toBe('Speaking Practice Toolkit');
    expect(body.description).toBe(
      'A toolkit of 2 flows. In Speaking Practice: Travel, learners answer by voice, get AI feedback and read content. In Speaking Practice: Food, learners take a quiz.',
    );
    expect((await generate([f.mine, f.mine2])).body).toEqual(first.body);

    const one = ZGenerateNameResponse.parse((await generate([f.mine])).body);
    expect(one.name).toBe('Speaking Practice: Travel');
    expect(one.description).toBe('Learners answer by voice, get AI feedback and read content.');
  });

  it('checks the flows like tool creation does', async () => {
    const res = await generate([f.omega]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`flowIds: flow ${f.omega} is not available in this space`);
    expect((await generate([])).status).toBe(400);
    expect(
      (await t.call('POST', '/api/tool/generate-name-description', { body: { flows: [f.mine] } })).status,
    ).toBe(401);
  });
});
