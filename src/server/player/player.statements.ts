import type { JsonObject } from '../../shared/domain/xapi';
import { withFlowlearnContext } from '../../shared/domain/xapi';

/**
 * The server decides who did what where: whatever the browser sent as actor is replaced by the
 * participant (or the public link's anonymous visitor), and every statement carries the assignment
 * (grouping), the flow (parent) and Flowlearn's assignment/flow extensions the reports select on.
 */
export interface StatementScope {
  assignmentId: string;
  assignmentName: string;
  flowId: string;
  flowName: string;
  origin: string;
  actor: JsonObject;
}

export const assignmentActivityId = (origin: string, id: string) => `${origin}/viewer/assignment/${id}`;
export const flowActivityId = (origin: string, flowId: string) => `${origin}/viewer/flows/${flowId}`;

/** Verbs that count as an interaction in the participants matrix (experienced content does not). */
const COUNTED = new Set(
  [
    'answered',
    'completed',
    'passed',
    'failed',
    'progressed',
    'interacted',
    'commented',
    'attempted',
    'mastered',
  ].map((v) => `http://adlnet.gov/expapi/verbs/${v}`),
);

export const countsAsInteraction = (s: JsonObject): boolean => {
  const verb = s.verb as { id?: unknown } | undefined;
  return typeof verb?.id === 'string' && COUNTED.has(verb.id);
};

type Act = { objectType: 'Activity'; id: string; definition?: JsonObject };
const asList = (v: unknown): Act[] => (Array.isArray(v) ? (v as Act[]) : v ? [v as Act] : []);
const withActivity = (list: Act[], a: Act): Act[] => (list.some((x) => x?.id === a.id) ? list : [a, ...list]);

export function scopeStatement(raw: Record<string, unknown>, scope: StatementScope): JsonObject {
  const s = { ...(raw as JsonObject) };
  s.actor = scope.actor;
  const context = { ...((s.context as JsonObject | undefined) ?? {}) } as JsonObject;
  const ca = { ...((context.contextActivities as JsonObject | undefined) ?? {}) } as JsonObject;
  const assignment: Act = {
    objectType: 'Activity',
    id: assignmentActivityId(scope.origin, scope.assignmentId),
    definition: {
      name: { 'en-US': scope.assignmentName },
      type: 'http://adlnet.gov/expapi/activities/course',
    },
  };
  const flow: Act = {
    objectType: 'Activity',
    id: flowActivityId(scope.origin, scope.flowId),
    definition: { name: { 'en-US': scope.flowName }, type: 'http://adlnet.gov/expapi/activities/lesson' },
  };
  ca.grouping = withActivity(asList(ca.grouping), assignment) as unknown as JsonObject[];
  const objectId = (s.object as { id?: unknown } | undefined)?.id;
  if (objectId !== flow.id) ca.parent = withActivity(asList(ca.parent), flow) as unknown as JsonObject[];
  context.contextActivities = ca;
  s.context = context;
  return withFlowlearnContext(s, { assignmentId: scope.assignmentId, flowId: scope.flowId });
}
