import { expect } from 'vitest';
import { collections, flows } from '../../src/server/db/schema';
import { newId } from '../../src/shared/domain/ids';
import { newSignedInUser } from './auth-helpers';
import type { TestApp } from './harness';

/**
 * Three people and two organisations: `admin` runs Zeta (where `member` is a plain member) and
 * `other` runs Omega, which nobody else is in. Flows are written straight to the table so that a
 * test controls their node types without drawing valid graphs.
 */
export interface ToolWorld {
  admin: { token: string; id: string };
  member: { token: string; id: string };
  other: { token: string; id: string };
  zeta: string;
  omega: string;
}

export async function createWorld(t: TestApp): Promise<ToolWorld> {
  const user = async (email: string) => {
    const s = await newSignedInUser(t, email);
    return { token: s.token, id: s.body.user._id as string };
  };
  const admin = await user('admin@example.org');
  const member = await user('member@example.org');
  const other = await user('other@example.org');
  const org = async (token: string, name: string, orgCode: string) => {
    const res = await t.call('POST', '/api/organizations', { token, body: { name, orgCode } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.orgId as string;
  };
  const zeta = await org(admin.token, 'Zeta Academy', 'zeta');
  const omega = await org(other.token, 'Omega College', 'omega');
  expect((await t.call('POST', '/api/users/join-org?orgcode=zeta', { token: member.token })).status).toBe(
    200,
  );
  return { admin, member, other, zeta, omega };
}

export interface FlowSpec {
  ownerId: string;
  orgId?: string | null;
  name: string;
  description?: string;
  nodeTypes?: string[];
  projectId?: string | null;
}

export async function insertFlow(t: TestApp, spec: FlowSpec): Promise<string> {
  const id = newId();
  const nodes = (spec.nodeTypes ?? []).map((type, i) => ({
    id: `n${i}`,
    type,
    position: { x: 0, y: i * 100 },
    data: { label: type },
  }));
  await t.database.db.insert(flows).values({
    id,
    orgId: spec.orgId ?? null,
    ownerId: spec.ownerId,
    projectId: spec.projectId ?? null,
    name: spec.name,
    description: spec.description ?? '',
    nodes,
    nodesCount: nodes.length,
  });
  return id;
}

export async function insertCollection(t: TestApp, ownerId: string, orgId: string | null, name: string) {
  const id = newId();
  await t.database.db.insert(collections).values({ id, orgId, ownerId, name });
  return id;
}

/** Creates a tool through the API and returns its id (201 expected). */
export async function createTool(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  orgId?: string,
): Promise<string> {
  const res = await t.call('POST', '/api/tool', { token, orgId, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}
