import { expect } from 'vitest';
import { flows } from '../../../src/server/db/schema';
import { newId } from '../../../src/shared/domain/ids';
import type { TestApp } from '../harness';
import { type AssignmentWorld, createAssignment } from './assignment-world';

/**
 * An organisation assignment whose flow holds an xAPI block playing an uploaded xAPI or cmi5 package,
 * joined by the participant: what a launch needs. `launch` calls the player's launch route and
 * returns the launch URL's query; `xapi` calls /xapi/ as the package would.
 */
export async function packageAssignment(
  w: AssignmentWorld,
  format: 'tincan' | 'cmi5',
  zip: Uint8Array,
  opts: { personal?: boolean; h5pId?: string } = {},
) {
  const { t, users } = w;
  const orgId = opts.personal ? null : w.org;
  const form = new FormData();
  form.set('file', new File([zip as BlobPart], 'course.zip'));
  const up = await t.call('POST', '/api/xapi/upload', {
    token: users.owner.token,
    orgId: orgId ?? undefined,
    raw: form,
  });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const packageId = up.body.data.id as string;
  const flowId = newId();
  const nodes: Array<Record<string, unknown>> = [
    { id: 'n0', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Begin' } },
    {
      id: 'n1',
      type: 'xAPINode',
      position: { x: 0, y: 100 },
      data: { label: 'Course', packageFormat: format, packageId },
    },
  ];
  if (opts.h5pId)
    nodes.push({
      id: 'n2',
      type: 'h5pNode',
      position: { x: 0, y: 200 },
      data: { label: 'H5P', packageId: opts.h5pId },
    });
  await t.database.db.insert(flows).values({
    id: flowId,
    orgId,
    ownerId: users.owner.id,
    name: 'Course flow',
    nodes,
    nodesCount: nodes.length,
  });
  const a = await createAssignment(w, { name: 'Course week', flowIds: [flowId] }, { org: !opts.personal });
  const joined = await t.call('POST', '/api/assignment/join', {
    token: users.participant.token,
    body: { code: a.code },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { assignmentId: a._id, flowId, packageId };
}

export async function launch(
  t: TestApp,
  token: string,
  where: { assignmentId: string; flowId: string },
  body: Record<string, unknown>,
) {
  return t.call('POST', `/api/player/assignment/${where.assignmentId}/flow/${where.flowId}/package-launch`, {
    token,
    body,
  });
}

export const launchQuery = (launchUrl: string) => new URL(launchUrl, 'http://localhost').searchParams;

/** A request to /xapi/ the way a package sends it (Authorization from the launch, xAPI 1.0.3). */
export async function xapi(
  t: TestApp,
  method: string,
  resource: string,
  auth: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers of every shape without casts
): Promise<{ status: number; body: any }> {
  const res = await t.app.request(`/xapi/${resource}`, {
    method,
    headers: {
      Authorization: auth,
      'X-Experience-API-Version': '1.0.3',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

export const completed = (actor: unknown, activity: string, registration?: string) => ({
  actor,
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { objectType: 'Activity', id: activity, definition: { name: { 'en-US': 'Hello course' } } },
  result: { completion: true },
  ...(registration ? { context: { registration } } : {}),
});
