import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { ACTORS, type Actor, buildWorld, matrix, row, type World } from './helpers/world';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// One world for the file: read-only rows share a collection, changing rows make a fresh one per call.
let t: TestApp;
let w: World;
let shared: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  shared = await w.collection();
  await w.flow(shared);
});
afterAll(() => t.close());

// owner, admin, collaborator, orgAdmin, member (no role), outsider (another org), signed out.
const VIEW = row(200, 200, 200, 200, 403, 404);
const EDIT = row(200, 200, 403, 200, 403, 404);
const OWN = row(200, 403, 403, 403, 403, 404);
const call = (actor: Actor, method: string, path: string, body?: unknown) =>
  t.call(method, path, { ...w.as(actor), body });

describe('[COLLECTIONS] permission matrix', () => {
  it('GET /projects/{id}: every role reads; a member without a role gets 403, another org 404', async () => {
    await matrix(VIEW, (a) => call(a, 'GET', `/api/projects/${shared}`));
  });

  it('GET /projects/{id}/owner, /admins, /collaborators and /flows: every role', async () => {
    for (const part of ['owner', 'admins', 'collaborators']) {
      await matrix(VIEW, (a) => call(a, 'GET', `/api/projects/${shared}/${part}?limit=1000`));
    }
    await matrix(VIEW, (a) => call(a, 'GET', `/api/projects/${shared}/flows?sortBy=A-Z`));
  });

  it('PUT /projects/{id}: owner and admins (organisation admins too)', async () => {
    await matrix(EDIT, (a) => call(a, 'PUT', `/api/projects/${shared}`, { description: `by ${a}` }));
  });

  it('DELETE /projects/{id}: the owner only', async () => {
    await matrix(OWN, async (a) => call(a, 'DELETE', `/api/projects/${await w.collection()}`));
  });

  it('POST /projects/{id}/copy-to-org: owner and admins', async () => {
    await matrix(row(201, 201, 403, 201, 403, 404), async (a) =>
      call(a, 'POST', `/api/projects/${await w.collection()}/copy-to-org`, { orgId: 'personal' }),
    );
  });

  it('POST /projects/{id}/invite: owner and admins', async () => {
    await matrix(row(201, 201, 403, 201, 403, 404), async (a) =>
      call(a, 'POST', `/api/projects/${await w.collection()}/invite`, {
        email: w.users.member.email,
        role: 'collaborator',
      }),
    );
  });

  it('DELETE /projects/{id}/collaborators/{userId}: owner and admins', async () => {
    await matrix(EDIT, async (a) => {
      const id = await w.collection();
      // Only an organisation admin may invite an address from outside the organisation.
      const ghost = await call('orgAdmin', 'POST', `/api/projects/${id}/invite`, {
        email: 'ghost@school.test',
        role: 'collaborator',
      });
      return call(a, 'DELETE', `/api/projects/${id}/collaborators/${ghost.body.data._id}`);
    });
  });

  it('DELETE /projects/{id}/admins/{userId}: owner and admins', async () => {
    await matrix(EDIT, async (a) =>
      call(a, 'DELETE', `/api/projects/${await w.collection()}/admins/${w.users.admin.id}`),
    );
  });

  it('GET /projects lists the collection for its roles only; POST /projects is open to every member', async () => {
    const sees = {} as Record<Actor, boolean | number>;
    for (const a of ACTORS) {
      const res = await call(a, 'GET', '/api/projects');
      sees[a] =
        res.status === 200 ? res.body.data.some((c: { _id: string }) => c._id === shared) : res.status;
    }
    expect(sees).toEqual({
      owner: true,
      admin: true,
      collaborator: true,
      orgAdmin: true,
      member: false,
      outsider: false,
      signedOut: 401,
    });
    await matrix(row(201, 201, 201, 201, 201, 201), (a) =>
      call(a, 'POST', '/api/projects', { name: `By ${a}` }),
    );
    const intruder = await t.call('POST', '/api/projects', {
      token: w.users.outsider.token,
      orgId: w.org,
      body: { name: 'x' },
    });
    expect(intruder.status).toBe(403);
  });
});

describe('[COLLECTIONS] personal space collections', () => {
  it('are shared with their members only; for anyone else they do not exist (404)', async () => {
    const owner = { token: w.users.owner.token };
    const res = await t.call('POST', '/api/projects', {
      ...owner,
      body: { name: 'Home', collaborators: [w.users.collaborator.email] },
    });
    const id = res.body.data._id;
    await t.call('POST', `/api/projects/${id}/invite`, {
      ...owner,
      body: { email: w.users.admin.email, role: 'admin' },
    });
    const personal = (a: Actor) => (a === 'signedOut' ? {} : { token: w.users[a].token });
    await matrix(row(200, 200, 200, 404, 404, 404), (a) => t.call('GET', `/api/projects/${id}`, personal(a)));
    // In an organisation's space the personal collection is not there either.
    expect((await t.call('GET', `/api/projects/${id}`, w.as('owner'))).status).toBe(404);
  });
});
