import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flows } from '../../src/server/db/schema';
import { insertTag } from '../../src/server/tools/tags.repo';
import { containsTerm } from '../../src/server/tools/tool-search.repo';
import { ZToolSearchResponse } from '../../src/shared/contract/tools';
import { newId } from '../../src/shared/domain/ids';
import { newSignedInUser } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { createTool, insertFlow } from './tools-fixtures';

/** What a search answer holds per tool, and how it counts matches beyond a full page. */
let t: TestApp;
let token: string;
let tagId: string;
let kept: string;
let deleted: string;

const search = async (qs: string) => {
  const res = await t.call('GET', `/api/tool/search${qs}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const page = async (qs: string) => {
  const r = ZToolSearchResponse.parse(await search(qs));
  return { found: r.found, total: r.total, names: r.tools.map((x) => x.name) };
};

beforeAll(async () => {
  t = await createTestApp();
  const user = await newSignedInUser(t, 'pages@example.org');
  token = user.token;
  const userId = user.body.user._id as string;
  kept = await insertFlow(t, { ownerId: userId, name: 'Kept flow', description: 'Stays' });
  deleted = await insertFlow(t, { ownerId: userId, name: 'Deleted flow' });
  tagId = newId();
  await insertTag(t.database.db, { id: tagId, orgId: null, name: 'Assessment', description: '' });
  const tool = { flowIds: [kept], unitUsageOption: 'PAY_BY_ME' };
  // Created in this order: the newest comes first where ranks tie.
  await createTool(t, token, { ...tool, name: 'Alpha Quiz One', tagIds: [tagId], flowIds: [deleted, kept] });
  await createTool(t, token, { ...tool, name: 'Beta Lab', description: 'Ralph and friends' });
  await createTool(t, token, { ...tool, name: 'Alpha Quiz Two', tagIds: [tagId] });
  await t.database.db.delete(flows).where(eq(flows.id, deleted));
}, APP_START_MS);
afterAll(() => t.close());

describe('[TOOLS] search answer', () => {
  it('has the fields of spec 01 §3 Tool per tool; deleted flows drop out of all three flow fields', async () => {
    const body = await search('?keyword=one');
    expect(Object.keys(body).sort()).toEqual(['found', 'success', 'tools', 'total']);
    const [tool] = body.tools;
    expect(Object.keys(tool).sort()).toEqual(
      [
        ...['_id', 'code', 'description', 'flowIds', 'flows', 'flowsCount', 'iconUrl', 'id', 'name'],
        ...['organizationId', 'status', 'tagIds', 'type'],
      ].sort(),
    );
    expect(tool).toMatchObject({
      name: 'Alpha Quiz One',
      status: 'active',
      organizationId: null,
      tagIds: [tagId],
      flowIds: [kept],
      flowsCount: 1,
      flows: [{ _id: kept, name: 'Kept flow', description: 'Stays', iconUrl: null, projectId: null }],
    });
    // Opening the tool gives the rest: payment option and times.
    const opened = await t.call('GET', `/api/tool/${tool.id}`, { token });
    expect(opened.body.data).toMatchObject({ unitUsageOption: 'PAY_BY_ME', flowsCount: 1, endDate: null });
    expect(opened.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('counts every match when the page is full, in each kind of search', async () => {
    expect(await page('?keyword=alpha&limit=1')).toEqual({ found: 2, total: 3, names: ['Alpha Quiz Two'] });
    expect(await page('?keyword=alpha&limit=2')).toEqual({
      found: 2,
      total: 3,
      names: ['Alpha Quiz Two', 'Alpha Quiz One'],
    });
    // "lph" is no word prefix: the substring search answers, name and description alike.
    expect(await page('?keyword=lph&limit=2')).toEqual({
      found: 3,
      total: 3,
      names: ['Alpha Quiz Two', 'Beta Lab'],
    });
    expect(await page(`?tagId=${tagId}&limit=1`)).toEqual({ found: 2, total: 3, names: ['Alpha Quiz Two'] });
    expect(await page('?limit=2')).toMatchObject({ found: 3, total: 3 });
    expect(await page('?keyword=zzz&limit=1')).toEqual({ found: 0, total: 3, names: [] });
  });

  it('matches parts of words with the expression of the trigram index', async () => {
    // With sequential scans priced out, a plan on the index proves the expressions are the same.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(
        sql`explain select t.id from tools t where ${containsTerm('quiz')}`,
      )) as unknown as {
        rows: Array<Record<string, string>>;
      };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('tools_text_trgm_idx');
  });
});
