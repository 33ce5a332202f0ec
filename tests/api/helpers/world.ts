import { expect } from 'vitest';
import type { TestApp } from '../harness';
import { smallGraph } from './graphs';
import { makeOrg, makeUser, type TestUser } from './users';

/** Everyone the permission matrix asks about (spec 03 §6 plus our organisation admin). */
export const ACTORS = [
  'owner',
  'admin',
  'collaborator',
  'orgAdmin',
  'member',
  'outsider',
  'signedOut',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Expected = Record<Actor, number>;

/**
 * An organisation "School" whose admin is orgAdmin; owner, admin, collaborator and member belong to it.
 * The owner's collection has admin as admin and collaborator as collaborator; member has no role in it.
 * outsider belongs only to another organisation and calls from there.
 */
export interface World {
  t: TestApp;
  users: Record<Exclude<Actor, 'signedOut'>, TestUser>;
  org: string;
  otherOrg: string;
  /** Call options of an actor: token and the space header it would send. */
  as(actor: Actor): { token?: string; orgId: string };
  /** A new collection of the owner with the admin and the collaborator in it. */
  collection(name?: string): Promise<string>;
  /** A new flow (two valid links) in the collection, made by `by`. */
  flow(projectId: string, by?: Actor): Promise<{ _id: string; revision: number }>;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const users = {
    owner: await makeUser(t, 'owner@school.test', 'Olive Owner'),
    admin: await makeUser(t, 'admin@school.test', 'Adam Admin'),
    collaborator: await makeUser(t, 'collab@school.test', 'Cora Collaborator'),
    orgAdmin: await makeUser(t, 'head@school.test', 'Hana Head'),
    member: await makeUser(t, 'member@school.test'),
    outsider: await makeUser(t, 'outsider@elsewhere.test'),
  };
  const org = await makeOrg(t, 'School', users.orgAdmin, [
    users.owner,
    users.admin,
    users.collaborator,
    users.member,
  ]);
  const otherOrg = await makeOrg(t, 'Elsewhere', users.outsider);
  const as = (actor: Actor) =>
    actor === 'signedOut'
      ? { orgId: org }
      : { token: users[actor].token, orgId: actor === 'outsider' ? otherOrg : org };

  async function collection(name = 'Science') {
    const res = await t.call('POST', '/api/projects', {
      ...as('owner'),
      body: { name, collaborators: [users.collaborator.email] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data._id as string;
    const invite = await t.call('POST', `/api/projects/${id}/invite`, {
      ...as('owner'),
      body: { email: users.admin.email, role: 'admin' },
    });
    expect(invite.status).toBe(201);
    return id;
  }

  async function flow(projectId: string, by: Actor = 'owner') {
    const res = await t.call('POST', '/api/flows', {
      ...as(by),
      body: { name: 'Lesson', projectId, ...smallGraph() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { _id: string; revision: number };
  }

  return { t, users, org, otherOrg, as, collection, flow };
}

/** Runs one request per actor and compares all statuses at once, so a failure shows the whole row. */
export async function matrix(
  expected: Expected,
  run: (actor: Actor) => Promise<{ status: number; body?: unknown }>,
): Promise<void> {
  const actual = {} as Expected;
  const bodies: Partial<Record<Actor, unknown>> = {};
  for (const actor of ACTORS) {
    const res = await run(actor);
    actual[actor] = res.status;
    if (res.status !== expected[actor]) bodies[actor] = res.body;
  }
  expect(actual, JSON.stringify(bodies).slice(0, 600)).toEqual(expected);
}

/** Shorthands for rows of the matrix. */
export const row = (
  owner: number,
  admin: number,
  collaborator: number,
  orgAdmin: number,
  member: number,
  outsider: number,
  signedOut = 401,
): Expected => ({ owner, admin, collaborator, orgAdmin, member, outsider, signedOut });
