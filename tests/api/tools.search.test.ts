import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZToolResponse, ZToolSearchResponse } from '../../src/shared/contract/tools';
import { createTestApp, type TestApp } from './harness';
import { createTool, createWorld, insertFlow, type ToolWorld } from './tools-fixtures';

/** Sign-ups hash passwords with scrypt: slow on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
let t: TestApp;
let w: ToolWorld;
let tagId: string;
const ids: Record<string, string> = {};

const search = async (token: string, qs: string, orgId?: string) => {
  const res = await t.call('GET', `/api/tool/search${qs}`, { token, orgId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZToolSearchResponse.parse(res.body);
};
const names = (r: { tools: Array<{ name: string }> }) => r.tools.map((x) => x.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const tag = await t.call('POST', '/api/tag', {
    token: w.admin.token,
    orgId: w.zeta,
    body: { name: 'Oral' },
  });
  tagId = tag.body.data.id;
  const mine = await insertFlow(t, {
    ownerId: w.admin.id,
    name: 'Personal flow',
    nodeTypes: ['voiceInputNode'],
  });
  const inZeta = await insertFlow(t, { ownerId: w.admin.id, orgId: w.zeta, name: 'Zeta flow' });
  const ofMember = await insertFlow(t, { ownerId: w.member.id, orgId: w.zeta, name: 'Member flow' });
  const inOmega = await insertFlow(t, { ownerId: w.other.id, orgId: w.omega, name: 'Omega flow' });
  const personal = { flowIds: [mine], unitUsageOption: 'PAY_BY_ME' };
  ids.pronunciation = await createTool(t, w.admin.token, {
    ...personal,
    name: 'Pronunciation Coach',
    description: 'Learners answer by voice and get AI feedback.',
  });
  ids.fractions = await createTool(t, w.admin.token, {
    ...personal,
    name: 'Fractions Quiz',
    description: 'Mathematics.',
  });
  const org = { flowIds: [inZeta], unitUsageOption: 'PAY_BY_ORG' };
  ids.photo = await createTool(
    t,
    w.admin.token,
    { ...org, name: 'Photosynthesis Lab', description: 'Science experiments', tagIds: [tagId] },
    w.zeta,
  );
  ids.debate = await createTool(
    t,
    w.member.token,
    {
      ...org,
      flowIds: [ofMember],
      name: 'Debate Club',
      description: 'Speaking and mathematics of argument',
      tagIds: [tagId],
    },
    w.zeta,
  );
  ids.essay = await createTool(
    t,
    w.admin.token,
    { ...org, name: 'Essay Feedback', description: 'Writing' },
    w.zeta,
  );
  const omega = { flowIds: [inOmega], unitUsageOption: 'PAY_BY_ORG' };
  ids.secret = await createTool(t, w.other.token, { ...omega, name: 'Secret Mathematics Vault' }, w.omega);
  await createTool(t, w.other.token, { ...omega, name: 'ภาษาไทย เบื้องต้น', description: 'ฝึกอ่าน' }, w.omega);
  await createTool(t, w.other.token, { ...omega, name: '数学测验', description: '分数练习' }, w.omega);
}, HOOK_TIMEOUT_MS);
afterAll(() => t.close());

describe('[TOOLS] search by keyword', () => {
  it('finds whole words, word prefixes and any case', async () => {
    expect(names(await search(w.admin.token, '?keyword=Quiz'))).toEqual(['Fractions Quiz']);
    expect(names(await search(w.admin.token, '?keyword=pronun'))).toEqual(['Pronunciation Coach']);
    expect(names(await search(w.admin.token, '?keyword=FRACT'))).toEqual(['Fractions Quiz']);
    expect(names(await search(w.admin.token, '?keyword=feed'))).toEqual(['Pronunciation Coach']);
  });

  it('needs every word, in name or description, and ranks name matches first', async () => {
    const both = await search(w.admin.token, '?keyword=mathematics', w.zeta);
    expect(names(both)).toEqual(['Debate Club']);
    expect(names(await search(w.admin.token, '?keyword=debate%20speak', w.zeta))).toEqual(['Debate Club']);
    expect(names(await search(w.admin.token, '?keyword=debate%20writing', w.zeta))).toEqual([]);
    const ranked = await search(w.admin.token, '?keyword=feedback');
    expect(ranked.tools.map((x) => x.name)).toEqual(['Pronunciation Coach']);
    const zeta = await search(w.admin.token, '?keyword=e', w.zeta);
    expect(zeta.tools[0].name).toBe('Essay Feedback');
  });

  it('falls back to parts of words, and treats punctuation as a separator', async () => {
    expect(names(await search(w.admin.token, '?keyword=ynthes', w.zeta))).toEqual(['Photosynthesis Lab']);
    expect(names(await search(w.admin.token, '?keyword=quiz%2C%20fractions!'))).toEqual(['Fractions Quiz']);
    expect(names(await search(w.admin.token, `?keyword=${encodeURIComponent("%_'\\:*&|")}`))).toEqual([
      'Fractions Quiz',
      'Pronunciation Coach',
    ]);
  });

  it('finds words of scripts without spaces or capitals (Thai, Chinese), whole, by prefix or inside', async () => {
    const find = async (keyword: string) =>
      names(await search(w.other.token, `?keyword=${encodeURIComponent(keyword)}`, w.omega));
    expect(await find('ภาษาไทย')).toEqual(['ภาษาไทย เบื้องต้น']);
    expect(await find('ภาษา')).toEqual(['ภาษาไทย เบื้องต้น']);
    expect(await find('ไทย')).toEqual(['ภาษาไทย เบื้องต้น']);
    expect(await find('数学')).toEqual(['数学测验']);
    expect(await find('测验')).toEqual(['数学测验']);
    expect(await find('分数 数学')).toEqual(['数学测验']);
  });

  it('reports total (tools of the space) and found (matches) apart from the page', async () => {
    const all = await search(w.admin.token, '');
    expect([all.total, all.found, all.success]).toEqual([2, 2, true]);
    const none = await search(w.admin.token, '?keyword=zzzz');
    expect([none.total, none.found, none.tools.length]).toEqual([2, 0, 0]);
    const one = await search(w.admin.token, '?limit=1', w.zeta);
    expect([one.total, one.found, one.tools.length]).toEqual([3, 3, 1]);
  });
});

describe('[TOOLS] search by tag and scope', () => {
  it('filters by tag, alone or with a keyword', async () => {
    expect(names(await search(w.member.token, `?tagId=${tagId}`, w.zeta))).toEqual([
      'Debate Club',
      'Photosynthesis Lab',
    ]);
    expect(names(await search(w.member.token, `?tagId=${tagId}&keyword=photo`, w.zeta))).toEqual([
      'Photosynthesis Lab',
    ]);
    expect(names(await search(w.member.token, '?tagId=&keyword=', w.zeta))).toHaveLength(3);
    expect((await search(w.member.token, '?tagId=nope', w.zeta)).found).toBe(0);
  });

  it('keeps personal tools to their owner and organisation tools to its members', async () => {
    expect(names(await search(w.admin.token, ''))).toEqual(['Fractions Quiz', 'Pronunciation Coach']);
    expect((await search(w.member.token, '')).total).toBe(0);
    expect(names(await search(w.member.token, '', w.zeta))).toEqual([
      'Debate Club',
      'Essay Feedback',
      'Photosynthesis Lab',
    ]);
    const other = await search(w.other.token, '?keyword=mathematics', w.omega);
    expect(names(other)).toEqual(['Secret Mathematics Vault']);
    for (const [token, org] of [
      [w.admin.token, undefined],
      [w.admin.token, w.zeta],
      [w.member.token, w.zeta],
    ] as const) {
      const r = await search(token, '?keyword=secret', org);
      expect([r.found, r.tools.length]).toEqual([0, 0]);
    }
    const outsider = await t.call('GET', '/api/tool/search', { token: w.member.token, orgId: w.omega });
    expect(outsider.status).toBe(403);
    expect((await t.call('GET', '/api/tool/search')).status).toBe(401);
  });

  it('answers bad limits with 400', async () => {
    for (const limit of ['0', '1001', 'x']) {
      const res = await t.call('GET', `/api/tool/search?limit=${limit}`, { token: w.admin.token });
      expect(res.status, limit).toBe(400);
      expect(res.body.message).toContain('limit');
    }
  });
});

describe('[TOOLS] open a tool', () => {
  it('shows the tool with its flows, in its own space only', async () => {
    const res = await t.call('GET', `/api/tool/${ids.photo}`, { token: w.member.token, orgId: w.zeta });
    const tool = ZToolResponse.parse(res.body).data;
    expect(tool).toMatchObject({
      name: 'Photosynthesis Lab',
      flowsCount: 1,
      organizationId: w.zeta,
      tagIds: [tagId],
    });
    expect(tool.flows[0]).toMatchObject({
      name: 'Zeta flow',
      description: '',
      iconUrl: null,
      projectId: null,
    });
    expect(tool.code).toMatch(/^[a-z2-9]{8}$/);
    expect((await t.call('GET', `/api/tool/${ids.photo}`, { token: w.member.token })).status).toBe(404);
    expect(
      (await t.call('GET', `/api/tool/${ids.secret}`, { token: w.admin.token, orgId: w.zeta })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/tool/not-an-id', { token: w.admin.token })).status).toBe(404);
    expect((await t.call('GET', `/api/tool/${ids.fractions}`, { token: w.member.token })).status).toBe(404);
  });
});
