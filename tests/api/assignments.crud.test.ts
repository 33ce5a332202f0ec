import { describe, expect, it } from 'vitest';
import {
  ZAssignmentListResponse,
  ZAssignmentResponse,
  ZAssignmentWithMessage,
} from '../../src/shared/contract/assignments';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;

worldPerTest(
  () => createTestApp(),
  (world) => {
    w = world;
    t = world.t;
  },
);

const owner = () => ({ token: w.users.owner.token, orgId: w.org });
const hour = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('[ASSIGNMENTS] create, read, edit, delete', () => {
  it('creates an assignment with a generated join code and answers the detail of spec 02 §3', async () => {
    const res = await t.call('POST', '/api/assignment', {
      ...owner(),
      body: {
        name: 'Fractions week',
        description: 'Two lessons',
        type: 'Multi',
        flowIds: w.orgFlows,
        unitUsageOption: 'PAY_BY_ORG',
        endDate: at(48 * hour),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Assignment created successfully.');
    const a = ZAssignmentWithMessage.parse(res.body).data;
    expect(a.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(a).toMatchObject({
      name: 'Fractions week',
      status: 'running',
      isPaused: false,
      isLocked: false,
      ownername: 'Olive Owner',
      ownerEmail: 'owner@school.test',
      unitUsageOption: 'PAY_BY_ORG',
      type: 'Multi',
      role: 'owner',
      participants: 0,
    });
    expect(a.flows.map((f) => f.name)).toEqual(['Fractions 1', 'Fractions 2']);
    const got = await t.call('GET', `/api/assignment/${a._id}`, owner());
    expect(ZAssignmentResponse.parse(got.body).data.code).toBe(a.code);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: RegExp, orgId: string | undefined = w.org) => {
      const res = await t.call('POST', '/api/assignment', { token: w.users.owner.token, orgId, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(field);
    };
    const ok = { name: 'A', flowIds: w.orgFlows, unitUsageOption: 'PAY_BY_ORG' };
    await bad({ ...ok, flowIds: [] }, /flowIds/);
    await bad({ ...ok, name: '' }, /name/);
    await bad({ ...ok, name: 'a\u0000b' }, /name/);
    await bad({ ...ok, unitUsageOption: 'PAY_BY_ME' }, /unitUsageOption/);
    await bad({ ...ok, flowIds: [w.personalFlows[0]] }, /flowIds/);
    await bad({ ...ok, endDate: 'tomorrow' }, /endDate/);
    await bad({ ...ok, endDate: '0000-01-01T00:00:00Z' }, /endDate/);
    await bad({ ...ok, startDate: at(2 * hour), endDate: at(hour) }, /endDate/);
    // Personal space: the organisation wallet does not exist there.
    await bad(
      { ...ok, flowIds: w.personalFlows, unitUsageOption: 'PAY_BY_ORG' },
      /unitUsageOption/,
      'personal',
    );
    const text = await t.call('PUT', `/api/assignment/${(await createAssignment(w))._id}`, {
      ...owner(),
      body: { unknownField: 1 },
    });
    expect(text.status).toBe(400);
  });

  it('computes the status from the dates and the pause flag; the lock is apart', async () => {
    const running = await createAssignment(w, { name: 'Now' });
    const later = await createAssignment(w, { name: 'Later', startDate: at(hour) });
    const done = await createAssignment(w, { name: 'Done', startDate: at(-2 * hour), endDate: at(-hour) });
    expect([running.status, later.status, done.status]).toEqual(['running', 'not started', 'completed']);

    const paused = await t.call('PUT', `/api/assignment/${running._id}/toggle-pause`, {
      ...owner(),
      body: { isPaused: true },
    });
    expect(paused.body).toMatchObject({ message: 'Assignment is paused.', data: { status: 'paused' } });
    const resumed = await t.call('PUT', `/api/assignment/${running._id}/toggle-pause`, {
      ...owner(),
      body: { isPaused: false },
    });
    expect(resumed.body).toMatchObject({ message: 'Assignment is unpaused.', data: { status: 'running' } });
    // A completed assignment has no pause control.
    const refused = await t.call('PUT', `/api/assignment/${done._id}/toggle-pause`, {
      ...owner(),
      body: { isPaused: true },
    });
    expect(refused.status).toBe(400);

    const locked = await t.call('PUT', `/api/assignment/${running._id}`, {
      ...owner(),
      body: { isLocked: true },
    });
    expect(locked.body).toMatchObject({
      message: 'Assignment is locked.',
      data: { isLocked: true, status: 'running' },
    });
    const unlocked = await t.call('PUT', `/api/assignment/${running._id}`, {
      ...owner(),
      body: { isLocked: false },
    });
    expect(unlocked.body.message).toBe('Assignment is unlocked.');
    // Ending it now makes it completed.
    const ended = await t.call('PUT', `/api/assignment/${running._id}`, {
      ...owner(),
      body: { endDate: at(-1000), startDate: at(-hour) },
    });
    expect(ended.body).toMatchObject({
      message: 'Assignment has been successfully edited',
      data: { status: 'completed' },
    });
  });

  it('edits fields and deletes', async () => {
    const a = await createAssignment(w);
    const res = await t.call('PUT', `/api/assignment/${a._id}`, {
      ...owner(),
      body: { name: 'Renamed', description: 'New', flowIds: [w.orgFlows[1]], endDate: null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Assignment has been successfully edited',
      data: { name: 'Renamed', description: 'New', flowIds: [w.orgFlows[1]], endDate: null },
    });
    const del = await t.call('DELETE', `/api/assignment/${a._id}`, owner());
    expect(del.body).toEqual({ message: 'Assignment deleted successfully.' });
    expect((await t.call('GET', `/api/assignment/${a._id}`, owner())).status).toBe(404);
    expect((await t.call('DELETE', `/api/assignment/${a._id}`, owner())).status).toBe(404);
  });
});

describe('[ASSIGNMENTS] list: paging, search, sort, status tabs', () => {
  const list = async (q: string) => {
    const res = await t.call('GET', `/api/assignment${q}`, owner());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ZAssignmentListResponse.parse(res.body).data;
  };

  it('pages by limit (20 by default), searches by name and filters by status', async () => {
    for (let i = 0; i < 23; i++) await createAssignment(w, { name: `Week ${i + 1}` });
    expect(await list('')).toHaveLength(20);
    expect(await list('?limit=40')).toHaveLength(23);
    expect((await list('?keyword=week 2')).map((a) => a.name).sort()).toEqual(
      ['Week 2', 'Week 20', 'Week 21', 'Week 22', 'Week 23'].sort(),
    );
    // LIKE wildcards are plain text.
    expect(await list('?keyword=%25')).toHaveLength(0);
    const [first] = await list('?limit=1');
    await t.call('PUT', `/api/assignment/${first._id}/toggle-pause`, {
      ...owner(),
      body: { isPaused: true },
    });
    await createAssignment(w, { name: 'Old', startDate: at(-2 * hour), endDate: at(-hour) });
    expect((await list('?status=paused')).map((a) => a._id)).toEqual([first._id]);
    expect((await list('?status=completed')).map((a) => a.name)).toEqual(['Old']);
    expect(await list('?status=running&limit=100')).toHaveLength(22);
    expect((await t.call('GET', '/api/assignment?status=all', owner())).status).toBe(400);
    expect((await t.call('GET', '/api/assignment?limit=0', owner())).status).toBe(400);
  });

  it('sorts by the five options and counts participants and tools', async () => {
    const b = await createAssignment(w, { name: 'b lesson' });
    const a = await createAssignment(w, { name: 'A lesson', flowIds: [w.orgFlows[0]] });
    const c = await createAssignment(w, { name: 'C lesson' });
    // b is edited last: it is the latest updated.
    await t.call('PUT', `/api/assignment/${b._id}`, { ...owner(), body: { description: 'x' } });
    const names = async (sortBy: string) => (await list(`?sortBy=${sortBy}`)).map((x) => x.name);
    expect(await names('default')).toEqual(['C lesson', 'A lesson', 'b lesson']);
    expect(await names('ascending')).toEqual(['b lesson', 'C lesson', 'A lesson']);
    expect(await names('descending')).toEqual(['A lesson', 'C lesson', 'b lesson']);
    expect(await names('A-Z')).toEqual(['A lesson', 'b lesson', 'C lesson']);
    expect(await names('Z-A')).toEqual(['C lesson', 'b lesson', 'A lesson']);
    expect((await t.call('GET', '/api/assignment?sortBy=newest', owner())).status).toBe(400);

    await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    const row = (await list('')).find((x) => x._id === a._id);
    expect(row).toMatchObject({
      participants: 1,
      tools: 1,
      code: a.code,
      status: 'running',
      isLocked: false,
    });
    expect((await list('')).find((x) => x._id === c._id)?.tools).toBe(2);
  });
});

describe('[ASSIGNMENTS] generate name and description', () => {
  it('names the chosen flows through the AI provider layer (offline provider here)', async () => {
    const res = await t.call('POST', '/api/assignment/generate-name-description', {
      ...owner(),
      body: { flows: w.orgFlows },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.provider).toBe('offline');
    expect(res.body.name).toBe('Fractions Assignment');
    expect(res.body.description).toMatch(/^An assignment of 2 flows/);
    const foreign = await t.call('POST', '/api/assignment/generate-name-description', {
      ...owner(),
      body: { flows: w.personalFlows },
    });
    expect(foreign.status).toBe(400);
  });
});
