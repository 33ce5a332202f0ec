import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { APP_START_MS, type TestApp } from '../harness';
import { insertFlow } from '../tools-fixtures';
import { makeOrg, makeUser, type TestUser } from './users';

/**
 * The people an assignment concerns (spec 02 §6): in organisation "School" the owner, a co-owner,
 * a participant and a stranger are members and head is its admin; outsider runs another
 * organisation. Each has flows of their own where a test needs them.
 */
export interface AssignmentWorld {
  t: TestApp;
  users: Record<'owner' | 'coOwner' | 'participant' | 'stranger' | 'head' | 'outsider', TestUser>;
  org: string;
  otherOrg: string;
  /** Two flows of the owner in the organisation, and two in the owner's personal space. */
  orgFlows: string[];
  personalFlows: string[];
}

export async function buildAssignmentWorld(t: TestApp): Promise<AssignmentWorld> {
  const users = {
    owner: await makeUser(t, 'owner@school.test', 'Olive Owner'),
    coOwner: await makeUser(t, 'co@school.test', 'Cody Co'),
    participant: await makeUser(t, 'pupil@school.test', 'Pia Pupil'),
    stranger: await makeUser(t, 'stranger@school.test'),
    head: await makeUser(t, 'head@school.test', 'Hana Head'),
    outsider: await makeUser(t, 'outsider@elsewhere.test'),
  };
  const org = await makeOrg(t, 'School', users.head, [
    users.owner,
    users.coOwner,
    users.participant,
    users.stranger,
  ]);
  const otherOrg = await makeOrg(t, 'Elsewhere', users.outsider);
  const flow = (name: string, orgId: string | null) =>
    insertFlow(t, { ownerId: users.owner.id, orgId, name, nodeTypes: ['beginNode', 'quizJsonNode'] });
  const orgFlows = [await flow('Fractions 1', org), await flow('Fractions 2', org)];
  const personalFlows = [await flow('Photosynthesis Basics', null), await flow('Photosynthesis Quiz', null)];
  return { t, users, org, otherOrg, orgFlows, personalFlows };
}

export type WorldPerson = keyof AssignmentWorld['users'];

/** How a person of the world calls the API: their token in School (the outsider in their own organisation). */
export const callerOf = (w: AssignmentWorld, who: WorldPerson | 'signedOut') =>
  who === 'signedOut'
    ? { orgId: w.org }
    : { token: w.users[who].token, orgId: who === 'outsider' ? w.otherOrg : w.org };

/**
 * The hooks of an assignment test file: one app per file (`start`), emptied before each test and
 * given a fresh world, which `use` receives.
 */
export function worldPerTest(start: () => Promise<TestApp>, use: (w: AssignmentWorld) => void): void {
  let app: TestApp;
  beforeAll(async () => {
    app = await start();
  }, APP_START_MS);
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.reset();
    use(await buildAssignmentWorld(app));
  }, APP_START_MS);
}

/** Creates an assignment through the API (201 expected) and returns its detail. */
export async function createAssignment(
  w: AssignmentWorld,
  body: Record<string, unknown> = {},
  opts: { org?: boolean; token?: string } = { org: true },
) {
  const inOrg = opts.org !== false;
  const res = await w.t.call('POST', '/api/assignment', {
    token: opts.token ?? w.users.owner.token,
    orgId: inOrg ? w.org : undefined,
    body: {
      name: 'Fractions week',
      flowIds: inOrg ? w.orgFlows : w.personalFlows,
      unitUsageOption: inOrg ? 'PAY_BY_ORG' : 'PAY_BY_ME',
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; code: string; status: string; [k: string]: unknown };
}

/**
 * An assignment (in School, paid by the organisation) of one new flow of the owner holding `nodeTypes`,
 * which the participant has joined: what a player test of those blocks starts from.
 */
export async function joinedFlowAssignment(w: AssignmentWorld, name: string, nodeTypes: string[]) {
  const flowId = await insertFlow(w.t, { ownerId: w.users.owner.id, orgId: w.org, name, nodeTypes });
  const a = await createAssignment(w, { flowIds: [flowId] });
  const joined = await w.t.call('POST', '/api/assignment/join', {
    token: w.users.participant.token,
    body: { code: a.code },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { a, flowId };
}
