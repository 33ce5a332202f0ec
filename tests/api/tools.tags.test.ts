import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TAGS, seedTools } from '../../src/server/tools/tools.seed';
import { ZTagListResponse, ZTagResponse } from '../../src/shared/contract/tools';
import { createTestApp, type TestApp } from './harness';
import { createTool, createWorld, insertFlow, type ToolWorld } from './tools-fixtures';

/** Sign-ups hash passwords with scrypt: slow on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
let t: TestApp;
let w: ToolWorld;

const list = async (token: string, orgId?: string, qs = '') => {
  const res = await t.call('GET', `/api/tag${qs}`, { token, orgId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZTagListResponse.parse(res.body).data;
};
const createTag = (token: string, orgId: string | undefined, body: unknown) =>
  t.call('POST', '/api/tag', { token, orgId, body });

beforeAll(async () => {
  t = await createTestApp();
}, HOOK_TIMEOUT_MS);
beforeEach(async () => {
  await t.reset();
  w = await createWorld(t);
  await seedTools(t.deps);
}, HOOK_TIMEOUT_MS);
afterAll(() => t.close());

describe('[TOOLS] tag list', () => {
  it('lists the seeded default tags by name, up to the limit', async () => {
    await seedTools(t.deps); // idempotent
    const tags = await list(w.member.token);
    expect(tags.map((x) => x.name)).toEqual(DEFAULT_TAGS.map(([name]) => name).sort());
    expect(tags.every((x) => x.id === x._id && x.description.length > 0)).toBe(true);
    expect(await list(w.member.token, undefined, '?limit=3')).toHaveLength(3);
    expect((await t.call('GET', '/api/tag?limit=0', { token: w.member.token })).status).toBe(400);
    expect((await t.call('GET', '/api/tag')).status).toBe(401);
  });

  it("adds the organisation's own tags in its space only", async () => {
    expect((await createTag(w.admin.token, w.zeta, { name: 'algebra', description: 'Ours' })).status).toBe(
      201,
    );
    const zeta = (await list(w.member.token, w.zeta)).map((x) => x.name);
    expect(zeta).toContain('algebra');
    expect(zeta.indexOf('algebra')).toBeLessThan(zeta.indexOf('Assessment'));
    expect((await list(w.member.token)).map((x) => x.name)).not.toContain('algebra');
    expect((await list(w.other.token, w.omega)).map((x) => x.name)).not.toContain('algebra');
  });
});

describe('[TOOLS] tag management', () => {
  it('lets an organisation admin create, rename and delete its tags', async () => {
    const created = await createTag(w.admin.token, w.zeta, {
      name: '  Robotics ',
      description: 'Build and code.',
    });
    expect(created.status).toBe(201);
    const tag = ZTagResponse.parse(created.body);
    expect(tag).toMatchObject({
      data: { name: 'Robotics', description: 'Build and code.' },
      message: 'Tag created successfully',
    });
    const id = tag.data.id;

    const renamed = await t.call('PUT', `/api/tag/${id}`, {
      token: w.admin.token,
      orgId: w.zeta,
      body: { name: 'Robots' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: 'Robots', description: 'Build and code.' });

    const flowId = await insertFlow(t, { ownerId: w.admin.id, orgId: w.zeta, name: 'F' });
    const toolId = await createTool(
      t,
      w.admin.token,
      { name: 'T', flowIds: [flowId], unitUsageOption: 'PAY_BY_ORG', tagIds: [id] },
      w.zeta,
    );
    const removed = await t.call('DELETE', `/api/tag/${id}`, { token: w.admin.token, orgId: w.zeta });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Tag deleted successfully');
    expect((await list(w.admin.token, w.zeta)).map((x) => x.id)).not.toContain(id);
    const tool = await t.call('GET', `/api/tool/${toolId}`, { token: w.admin.token, orgId: w.zeta });
    expect(tool.body.data.tagIds).toEqual([]);
  });

  it('refuses duplicate names, including a default tag name, whatever the case', async () => {
    expect((await createTag(w.admin.token, w.zeta, { name: 'Drama' })).status).toBe(201);
    const again = await createTag(w.admin.token, w.zeta, { name: 'DRAMA' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already exists');
    expect((await createTag(w.admin.token, w.zeta, { name: 'science' })).status).toBe(409);
    expect((await createTag(w.other.token, w.omega, { name: 'Drama' })).status).toBe(201);
    const bad = await createTag(w.admin.token, w.zeta, { name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('name');
  });

  it('answers 403 to members and in the personal space', async () => {
    const member = await createTag(w.member.token, w.zeta, { name: 'Mine' });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe('Only organization admins can manage tags');
    const personal = await createTag(w.admin.token, undefined, { name: 'Mine' });
    expect(personal.status).toBe(403);
    const id = (await createTag(w.admin.token, w.zeta, { name: 'Ours' })).body.data.id;
    expect(
      (await t.call('PUT', `/api/tag/${id}`, { token: w.member.token, orgId: w.zeta, body: { name: 'X' } }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/tag/${id}`, { token: w.member.token, orgId: w.zeta })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/tag/${id}`, { token: w.admin.token })).status).toBe(403);
  });

  it('answers 403 for a default tag and 404 for another organisation’s tag', async () => {
    const science = (await list(w.admin.token, w.zeta)).find((x) => x.name === 'Science')!;
    const edit = await t.call('PUT', `/api/tag/${science.id}`, {
      token: w.admin.token,
      orgId: w.zeta,
      body: { name: 'S' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('Default tags cannot be changed');
    expect(
      (await t.call('DELETE', `/api/tag/${science.id}`, { token: w.admin.token, orgId: w.zeta })).status,
    ).toBe(403);

    const theirs = (await createTag(w.other.token, w.omega, { name: 'Theirs' })).body.data.id;
    for (const [method, body] of [
      ['PUT', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/api/tag/${theirs}`, { token: w.admin.token, orgId: w.zeta, body });
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe('Tag not found');
    }
    expect((await t.call('DELETE', '/api/tag/nope', { token: w.admin.token, orgId: w.zeta })).status).toBe(
      404,
    );
    expect((await list(w.other.token, w.omega)).map((x) => x.name)).toContain('Theirs');
  });
});
