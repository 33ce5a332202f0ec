import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../../src/server/auth/auth.repo';
import { collections, flows } from '../../src/server/db/schema';
import { DEMO_EMAIL, DEMO_ORG_CODE, seedDemo } from '../../src/server/db/seed';
import { findOrgByCode } from '../../src/server/orgs/orgs.repo';
import { validateGraph } from '../../src/shared/domain/link-rules';
import { createTestApp, type TestApp } from './harness';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('[COLLECTIONS] demo content', () => {
  it('seeds a Demo Collection with three valid flows and one organisation collection, once', async () => {
    await seedDemo(t.deps);
    await seedDemo(t.deps);
    expect(await t.database.db.select().from(collections)).toHaveLength(2);
    expect(await t.database.db.select().from(flows)).toHaveLength(4);

    const demo = await findUserByEmail(t.database.db, DEMO_EMAIL);
    const org = await findOrgByCode(t.database.db, DEMO_ORG_CODE);
    const { token } = await t.deps.tokens.sign({ userId: demo?.id as string, email: DEMO_EMAIL });
    const personal = await t.call('GET', '/api/projects', { token });
    expect(
      personal.body.data.map((c: { name: string; flowsCount: number }) => [c.name, c.flowsCount]),
    ).toEqual([['Demo Collection', 3]]);
    const id = personal.body.data[0]._id;
    const list = await t.call('GET', `/api/projects/${id}/flows?sortBy=A-Z`, { token });
    expect(list.body.data.map((f: { name: string }) => f.name)).toEqual(['Flow 2', 'Flow 10', 'Welcome']);
    for (const summary of list.body.data) {
      const flow = (await t.call('GET', `/api/flows/${summary._id}`, { token })).body.data;
      expect(flow.nodes.map((n: { type: string }) => n.type)).toEqual([
        'beginNode',
        'textNode',
        'displayNode',
      ]);
      expect(flow.edges).toHaveLength(2);
      expect(validateGraph(flow)).toMatchObject({ ok: true });
    }
    const inOrg = await t.call('GET', '/api/projects', { token, orgId: org?.id });
    expect(inOrg.body.data.map((c: { name: string }) => c.name)).toEqual(['Demo School Collection']);
  });
});
