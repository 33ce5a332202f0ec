import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZFlowListResponse, ZFlowWithMessage } from '../../src/shared/contract/flows';
import { copyName } from '../../src/shared/domain/copy-name';
import { createTestApp, type TestApp } from './harness';
import { makeUser, type TestUser } from './helpers/users';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@example.org');
});
afterAll(() => t.close());

const project = async (name: string) =>
  (await t.call('POST', '/api/projects', { token: ann.token, body: { name } })).body.data._id as string;
const create = async (body: Record<string, unknown>) =>
  ZFlowWithMessage.parse((await t.call('POST', '/api/flows', { token: ann.token, body })).body).data;
const namesIn = async (projectId: string) =>
  (await t.call('GET', `/api/projects/${projectId}/flows`, { token: ann.token })).body.data
    .map((f: { name: string }) => f.name)
    .sort();

describe('[FLOWS] copies are told apart', () => {
  it('names a copy like the duplicate does, counting up when "(copy)" is taken', () => {
    const taken = new Set(['Quiz', 'Quiz (copy)']);
    expect(copyName('Quiz', taken, 200, true)).toBe('Quiz (copy 2)');
    expect(copyName('Quiz', new Set(), 200)).toBe('Quiz');
    expect(copyName('Quiz', new Set(['Quiz']), 200)).toBe('Quiz (copy)');
    expect(copyName('x'.repeat(200), new Set(), 200, true)).toHaveLength(200);
  });

  it('a second duplicate is "(copy 2)"; a copy into a collection with that name becomes "(copy)"', async () => {
    const a = await project('Science');
    const b = await project('Maths');
    const flow = await create({ name: 'Quiz', projectId: a });
    await create({ name: 'Quiz', projectId: b });
    await create({ name: 'Notes', projectId: a });
    for (let i = 0; i < 2; i++)
      await t.call('POST', `/api/flows/${flow._id}/duplicate`, { token: ann.token });
    expect(await namesIn(a)).toEqual(['Notes', 'Quiz', 'Quiz (copy 2)', 'Quiz (copy)']);

    const notes = (await t.call('GET', `/api/projects/${a}/flows`, { token: ann.token })).body.data.find(
      (f: { name: string }) => f.name === 'Notes',
    );
    const copied = await t.call('POST', '/api/flows/copy-to-project', {
      token: ann.token,
      body: { flowIds: [flow._id, notes._id], projectId: b },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(await namesIn(b)).toEqual(['Notes', 'Quiz', 'Quiz (copy)']);
  });

  it('the flow picker list names the collection of each flow', async () => {
    const a = await project('Science');
    await create({ name: 'In science', projectId: a });
    await create({ name: 'Loose' });
    const res = ZFlowListResponse.parse((await t.call('GET', '/api/flows/user', { token: ann.token })).body);
    const byName = Object.fromEntries(res.data.map((f) => [f.name, f.projectName]));
    expect(byName).toEqual({ 'In science': 'Science', Loose: null });
  });
});
