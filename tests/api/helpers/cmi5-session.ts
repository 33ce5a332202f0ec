import { expect } from 'vitest';
import type { TestApp } from '../harness';
import { launch, launchQuery, xapi } from './package-launch';

/**
 * One cmi5 AU session as a conformant AU runs it: launched by the participant, its token fetched, and
 * every statement it says carrying the session id and the registration (cmi5 §9.6), about the AU.
 */
export interface Cmi5Session {
  id: string;
  auth: string;
  actor: Record<string, unknown>;
  auId: string;
  registration: string;
  /** Sends one statement with `verb` (its last path segment, e.g. "passed") and an optional result. */
  say: (verb: string, result?: Record<string, unknown>, id?: string) => ReturnType<typeof xapi>;
}

export const VERB = (name: string) =>
  ['abandoned', 'waived', 'satisfied'].includes(name)
    ? `https://w3id.org/xapi/adl/verbs/${name}`
    : `http://adlnet.gov/expapi/verbs/${name}`;

export async function startSession(
  t: TestApp,
  token: string,
  where: { assignmentId: string; flowId: string; packageId: string },
  registration: string,
  auId?: string,
): Promise<Cmi5Session> {
  const res = await launch(t, token, where, { packageId: where.packageId, registration, auId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = launchQuery(res.body.data.launchUrl);
  const fetchPath = new URL(q.get('fetch') ?? '').pathname;
  const fetched = await t.app.request(fetchPath, { method: 'POST' });
  const auth = `Basic ${((await fetched.json()) as { 'auth-token': string })['auth-token']}`;
  const actor = JSON.parse(q.get('actor') ?? '{}');
  const id = /\/launch\/([0-9a-f]{24})\//.exec(fetchPath)?.[1] ?? '';
  const au = q.get('activityId') ?? '';
  return {
    id,
    auth,
    actor,
    auId: au,
    registration,
    say: (verb, result, statementId) =>
      xapi(t, 'POST', 'statements', auth, {
        ...(statementId ? { id: statementId } : {}),
        actor,
        verb: { id: VERB(verb), display: { 'en-US': verb } },
        object: { objectType: 'Activity', id: au },
        ...(result ? { result } : {}),
        context: {
          registration,
          contextActivities: {
            category: [{ objectType: 'Activity', id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }],
          },
          extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': id },
        },
      }),
  };
}
