import { expect, expectEqual } from './harness';
import { api } from './offline.util';

type Url = (path: string) => string;
export interface TGraph {
  nodes: unknown[];
  edges: unknown[];
}

/** The teacher's (demo account's) flow of `graph` and an assignment of it paid by the owner. */
export async function lessonAssignment(
  url: Url,
  token: string,
  flowName: string,
  assignmentName: string,
  graph: TGraph,
) {
  const flow = await api<{ data: { _id: string; revision: number } }>(url, token, 'POST', 'flows', {
    name: flowName,
    ...graph,
  });
  expect(flow.status === 201 || flow.status === 200, `flow created: ${JSON.stringify(flow.json)}`);
  const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
    name: assignmentName,
    flowIds: [flow.json.data._id],
    unitUsageOption: 'PAY_BY_ME',
  });
  expectEqual(made.status, 201, 'assignment created');
  return {
    flowId: flow.json.data._id,
    flowRevision: flow.json.data.revision,
    assignmentId: made.json.data._id,
    code: made.json.data.code,
  };
}

/** Such an assignment with a public link: its code opens it without an account. */
export async function publicLesson(
  url: Url,
  token: string,
  flowName: string,
  assignmentName: string,
  graph: TGraph,
) {
  const lesson = await lessonAssignment(url, token, flowName, assignmentName, graph);
  const link = await api<{ code: string }>(
    url,
    token,
    'POST',
    `assignment/${lesson.assignmentId}/access-link`,
    {},
  );
  expectEqual(link.status, 201, 'access link created');
  return { ...lesson, linkCode: link.json.code };
}
