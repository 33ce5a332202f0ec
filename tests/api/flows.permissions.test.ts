import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { ACTORS, type Actor, buildWorld, matrix, row, type World } from './helpers/world';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let w: World;
let shared: string;
let flowId: string;
let file: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  shared = await w.collection();
  flowId = (await w.flow(shared))._id;
  const res = await t.app.request(`/api/flows/${flowId}/export`, {
    headers: { Authorization: `Bearer ${w.users.owner.token}`, orgId: w.org },
  });
  file = new Uint8Array(await res.arrayBuffer());
});
afterAll(() => t.close());

// owner, admin, collaborator, orgAdmin, member (no role), outsider (another org), signed out.
const READ = row(200, 200, 200, 200, 403, 404);
const MANAGE = row(200, 200, 403, 200, 403, 404);
const ADD = row(201, 201, 201, 201, 403, 404);
const call = (actor: Actor, method: string, path: string, body?: unknown) =>
  t.call(method, path, { ...w.as(actor), body });
const upload = (actor: Actor, path: string) =>
  t.call('POST', path, {
    ...w.as(actor),
    headers: { 'Content-Type': 'application/octet-stream' },
    raw: file as unknown as BodyInit,
  });

describe('[FLOWS] permission matrix, flow in a collection', () => {
  it('GET /flows/{id}, /server-flow/{id} and /flows/{id}/export: every role of the collection', async () => {
    await matrix(READ, (a) => call(a, 'GET', `/api/flows/${flowId}`));
    await matrix(READ, (a) => call(a, 'GET', `/api/server-flow/${flowId}`));
    await matrix(READ, (a) => call(a, 'GET', `/api/flows/${flowId}/export`));
  });

  it('PUT /flows/{id}: every role of the collection edits its flows', async () => {
    await matrix(READ, async (a) => {
      const { revision } = (await call('owner', 'GET', `/api/flows/${flowId}`)).body.data;
      return call(a, 'PUT', `/api/flows/${flowId}`, { revision, description: `edited by ${a}` });
    });
  });

  it('POST /flows/{id}/import: every role of the collection', async () => {
    await matrix(READ, (a) => upload(a, `/api/flows/${flowId}/import`));
  });

  it('DELETE /flows/{id} and moving out: the collection’s owner and admins (a collaborator’s own flows too)', async () => {
    await matrix(MANAGE, async (a) => call(a, 'DELETE', `/api/flows/${(await w.flow(shared))._id}`));
    await matrix(MANAGE, async (a) =>
      call(a, 'POST', '/api/flows/move-to-project', {
        flowIds: [(await w.flow(shared))._id],
        projectId: null,
      }),
    );
    const own = await w.flow(shared, 'collaborator');
    expect((await call('collaborator', 'DELETE', `/api/flows/${own._id}`)).status).toBe(200);
  });

  it('POST /flows/{id}/duplicate and copy-to-project: every role of the collection', async () => {
    await matrix(row(201, 201, 201, 201, 403, 404), (a) => call(a, 'POST', `/api/flows/${flowId}/duplicate`));
    await matrix(READ, (a) =>
      call(a, 'POST', '/api/flows/copy-to-project', { flowIds: [flowId], projectId: null }),
    );
  });

  it('POST /flows, /server-flow/import and moving in: every role of the target collection', async () => {
    await matrix(ADD, (a) => call(a, 'POST', '/api/flows', { name: `by ${a}`, projectId: shared }));
    await matrix(ADD, (a) => upload(a, `/api/server-flow/import?projectId=${shared}`));
    await matrix(READ, async (a) => {
      if (a === 'signedOut')
        return call(a, 'POST', '/api/flows/move-to-project', { flowIds: [flowId], projectId: shared });
      const mine = (await call(a, 'POST', '/api/flows', { name: 'mine' })).body.data._id;
      return call(a, 'POST', '/api/flows/move-to-project', { flowIds: [mine], projectId: shared });
    });
  });

  it('GET /flows/user and /flows/search show the flow to the roles of its collection only', async () => {
    const sees = {} as Record<Actor, boolean | number>;
    const found = {} as Record<Actor, boolean | number>;
    for (const a of ACTORS) {
      const user = await call(a, 'GET', '/api/flows/user?limit=1000');
      sees[a] =
        user.status === 200 ? user.body.data.some((f: { _id: string }) => f._id === flowId) : user.status;
      const search = await call(a, 'GET', '/api/flows/search?keyword=Lesson&limit=1000');
      found[a] =
        search.status === 200
          ? search.body.flows.some((f: { _id: string }) => f._id === flowId)
          : search.status;
    }
    const expected = {
      owner: true,
      admin: true,
      collaborator: true,
      orgAdmin: true,
      member: false,
      outsider: false,
      signedOut: 401,
    };
    expect(sees).toEqual(expected);
    expect(found).toEqual(expected);
  });
});

describe('[FLOWS] permission matrix, flow without a project', () => {
  it('belongs to its author alone: 403 for the rest of the organisation, 404 from elsewhere', async () => {
    const loose = (await call('owner', 'POST', '/api/flows', { name: 'Draft' })).body.data._id;
    await matrix(row(200, 403, 403, 403, 403, 404), (a) => call(a, 'GET', `/api/flows/${loose}`));
    await matrix(row(200, 403, 403, 403, 403, 404), (a) =>
      call(a, 'POST', `/api/flows/${loose}/duplicate`).then(fix201),
    );
    const personal = (
      await t.call('POST', '/api/flows', { token: w.users.owner.token, body: { name: 'Home' } })
    ).body.data._id;
    const inPersonal = (a: Actor) => (a === 'signedOut' ? {} : { token: w.users[a].token });
    await matrix(row(200, 404, 404, 404, 404, 404), (a) =>
      t.call('GET', `/api/flows/${personal}`, inPersonal(a)),
    );
  });
});

// duplicate answers 201; the row above is written with 200 for readability.
const fix201 = (res: { status: number; body: unknown }) => ({
  ...res,
  status: res.status === 201 ? 200 : res.status,
});
