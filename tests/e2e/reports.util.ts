import XAPI from '@xapi/xapi';
import { FLOWLEARN_EXTENSIONS } from '../../src/shared/domain/xapi';
import { type E2EServer, expect, expectEqual } from './harness';
import { api, apiToken } from './offline.util';

/** Helpers of the reports e2e tests: statements as an off-the-shelf xAPI client sends them, a seeded assignment. */
export type Statement = Parameters<XAPI['sendStatement']>[0]['statement'];

const VERB = (v: string) => `http://adlnet.gov/expapi/verbs/${v}`;

export function statement(o: {
  assignmentId: string;
  flowId: string;
  name: string;
  email: string;
  verb: string;
  object: string;
  score?: number;
  evidence?: string;
}): Statement {
  const extensions: Record<string, string> = {
    [FLOWLEARN_EXTENSIONS.assignment]: o.assignmentId,
    [FLOWLEARN_EXTENSIONS.flow]: o.flowId,
  };
  if (o.evidence) extensions['https://flowlearn.app/xapi/extensions/evidence'] = o.evidence;
  return {
    actor: { objectType: 'Agent' as const, name: o.name, mbox: `mailto:${o.email}` },
    verb: { id: VERB(o.verb), display: { 'en-US': o.verb } },
    object: {
      objectType: 'Activity' as const,
      id: `https://flowlearn.test/activities/${encodeURIComponent(o.object)}`,
      definition: { name: { 'en-US': o.object } },
    },
    ...(o.score === undefined
      ? {}
      : { result: { score: { scaled: o.score / 6, raw: o.score, min: 0, max: 6 } } }),
    context: { extensions },
  };
}

export interface SeededReport {
  token: string;
  assignmentId: string;
  code: string;
  flowId: string;
  flowName: string;
  xapi: XAPI;
}

/**
 * A personal assignment of the demo teacher on its first flow, with LRS credentials for an xAPI
 * client. `names` of learners (long ones find layout faults) each answer `objects` questions.
 */
export async function seedReportAssignment(
  server: E2EServer,
  opts: { names?: string[]; objects?: number } = {},
): Promise<SeededReport> {
  const url = server.url;
  const token = await apiToken(url);
  const flows = await api<{ data: Array<{ _id: string; name: string }> }>(
    url,
    token,
    'GET',
    'flows/user?limit=1000',
  );
  expect(flows.json.data.length > 0, 'the demo account has flows');
  const { _id: flowId, name: flowName } = flows.json.data[0];
  const created = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
    name: `Reports ${Date.now()}`,
    flowIds: [flowId],
    unitUsageOption: 'PAY_BY_ME',
  });
  expectEqual(created.status, 201, 'assignment created');
  const { _id: assignmentId, code } = created.json.data;
  const creds = await api<{ key: string; secret: string }>(url, token, 'POST', 'lrs/credentials', {
    name: `reports e2e ${Date.now()}`,
  });
  const xapi = new XAPI({
    endpoint: `${server.origin}/xapi/`,
    auth: XAPI.toBasicAuth(creds.json.key, creds.json.secret),
    version: '1.0.3',
  });
  const names = opts.names ?? [];
  const statements = names.flatMap((name, i) =>
    Array.from({ length: opts.objects ?? 0 }, (_, q) =>
      statement({
        assignmentId,
        flowId,
        name,
        email: `learner${i}@school.test`,
        verb: q % 3 === 2 ? 'completed' : 'answered',
        object: `Question ${q + 1}: what does a plant need to make its own food?`,
        score: (i + q) % 7,
        evidence: `Sunlight, water and carbon dioxide — answer ${q + 1} of ${name}`,
      }),
    ),
  );
  if (statements.length) await xapi.sendStatements({ statements });
  return { token, assignmentId, code, flowId, flowName, xapi };
}

const PASSWORD = 'correct horse battery';

/** A learner with an account who joins the assignment and writes journals through the player's route. */
export async function learnerWritesJournals(
  server: E2EServer,
  seeded: SeededReport,
  email: string,
  journals: Array<{ name: string; content: string }>,
): Promise<void> {
  const call = async (path: string, method: string, body: unknown, token?: string) => {
    const res = await fetch(server.url(`/api/${path}`), {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const since = Date.now();
  await call('auth/signup', 'POST', { email, password: PASSWORD });
  const code = await server.waitForMailCode(email, 15_000, since);
  await call('auth/verify', 'POST', { email, code, password: PASSWORD });
  const { accessToken } = (await call('auth/login', 'POST', { email, password: PASSWORD })) as {
    accessToken: string;
  };
  await call('assignment/join', 'POST', { code: seeded.code }, accessToken);
  for (const j of journals)
    await call(
      `player/assignment/${seeded.assignmentId}/flow/${seeded.flowId}/journal`,
      'PUT',
      { ...j, nodeId: `journal-${j.name}`, nodeType: 'journalNode' },
      accessToken,
    );
}
