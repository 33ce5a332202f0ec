import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, tools } from '../../src/server/db/schema';
import { ZToolSearchResponse } from '../../src/shared/contract/tools';
import { newId } from '../../src/shared/domain/ids';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { createTool, createWorld, insertFlow, type ToolWorld } from './tools-fixtures';

/**
 * The search's total is the space's active tools, read from counts a trigger keeps (migration 0020).
 * Each step writes tools another way (the API, straight to the table, in parallel, a cascade) and
 * compares the total with a real count.
 */
let t: TestApp;
let w: ToolWorld;
let flowId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  flowId = await insertFlow(t, { ownerId: w.admin.id, orgId: w.zeta, name: 'Counted flow' });
}, APP_START_MS);
afterAll(() => t.close());

const total = async (token: string, orgId?: string) => {
  const res = await t.call('GET', '/api/tool/search?limit=1', { token, orgId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZToolSearchResponse.parse(res.body).total;
};
const counted = async (orgId: string | null, ownerId?: string) => {
  const space = orgId ? eq(tools.orgId, orgId) : and(isNull(tools.orgId), eq(tools.ownerId, ownerId ?? ''));
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tools)
    .where(and(space, eq(tools.status, 'active')));
  return row.n;
};
const insertTool = (ownerId: string, orgId: string | null, status: 'active' | 'archived' = 'active') => {
  const id = newId();
  return t.database.db
    .insert(tools)
    .values({ id, orgId, ownerId, name: `Tool ${id}`, code: id, status, unitUsageOption: 'PAY_BY_ME' })
    .then(() => id);
};

describe('[TOOLS] search total', () => {
  it('follows tools made through the API and straight in the table, in parallel too', async () => {
    await createTool(
      t,
      w.admin.token,
      { name: 'Made by API', flowIds: [flowId], unitUsageOption: 'PAY_BY_ORG' },
      w.zeta,
    );
    await Promise.all(Array.from({ length: 12 }, () => insertTool(w.member.id, w.zeta)));
    await insertTool(w.admin.id, w.zeta, 'archived');
    expect(await total(w.admin.token, w.zeta)).toBe(13);
    expect(await counted(w.zeta)).toBe(13);
  });

  it('keeps personal spaces and organisations apart', async () => {
    await insertTool(w.member.id, null);
    await insertTool(w.member.id, null);
    expect(await total(w.member.token)).toBe(2);
    expect(await total(w.admin.token)).toBe(0);
    expect(await total(w.other.token, w.omega)).toBe(0);
  });

  it('follows archiving, restoring, moving between spaces and deleting', async () => {
    const [a, b, c] = await Promise.all([
      insertTool(w.admin.id, w.zeta),
      insertTool(w.admin.id, w.zeta),
      insertTool(w.admin.id, w.zeta),
    ]);
    expect(await total(w.admin.token, w.zeta)).toBe(16);
    await t.database.db.update(tools).set({ status: 'archived' }).where(eq(tools.id, a));
    expect(await total(w.admin.token, w.zeta)).toBe(15);
    await t.database.db.update(tools).set({ status: 'active', name: 'Back again' }).where(eq(tools.id, a));
    // A change of name alone counts nothing twice.
    await t.database.db.update(tools).set({ name: 'Renamed' }).where(eq(tools.id, a));
    expect(await total(w.admin.token, w.zeta)).toBe(16);
    await t.database.db.update(tools).set({ orgId: null }).where(eq(tools.id, b));
    expect(await total(w.admin.token, w.zeta)).toBe(15);
    expect(await total(w.admin.token)).toBe(1);
    await t.database.db.delete(tools).where(eq(tools.id, c));
    expect(await total(w.admin.token, w.zeta)).toBe(14);
    expect(await counted(w.zeta)).toBe(14);
    expect(await counted(null, w.admin.id)).toBe(1);
  });

  it('drops the tools of a deleted organisation (a cascade) from the count', async () => {
    await Promise.all([insertTool(w.other.id, w.omega), insertTool(w.other.id, w.omega)]);
    expect(await total(w.other.token, w.omega)).toBe(2);
    await t.database.db.delete(organizations).where(eq(organizations.id, w.omega));
    expect(await counted(w.omega)).toBe(0);
    const rows = await t.database.db.execute(
      sql`select active from tool_space_counts where space = ${w.omega}`,
    );
    expect((rows as unknown as { rows: Array<{ active: number }> }).rows).toEqual([{ active: 0 }]);
  });
});
