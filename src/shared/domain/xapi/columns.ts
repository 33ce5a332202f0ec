import { agentIfi } from './agents';
import type { Json, JsonObject } from './check';
import { FLOWLEARN_EXTENSIONS } from './constants';

/** What the store indexes of one statement (src/server/db/schema/lrs.ts). */
export interface StatementColumns {
  verbId: string;
  actorIfi: string | null;
  objectActivityId: string | null;
  objectAgentIfi: string | null;
  objectStatementId: string | null;
  registration: string | null;
  relatedActivities: string[];
  relatedAgents: string[];
  assignmentId: string | null;
  flowId: string | null;
}

const asObject = (v: Json | undefined): JsonObject | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;

/** The agent and, for a Group, each member: a filter on a member finds the group's statements. */
function addAgents(into: Set<string>, actor: Json | undefined): void {
  const a = asObject(actor);
  if (!a) return;
  const ifi = agentIfi(a);
  if (ifi) into.add(ifi);
  if (Array.isArray(a.member)) for (const m of a.member) addAgents(into, m);
}

function addContext(acts: Set<string>, agents: Set<string>, context: Json | undefined): void {
  const c = asObject(context);
  if (!c) return;
  addAgents(agents, c.instructor);
  addAgents(agents, c.team);
  const ca = asObject(c.contextActivities);
  for (const list of Object.values(ca ?? {})) {
    for (const a of Array.isArray(list) ? list : [list]) {
      const id = asObject(a)?.id;
      if (typeof id === 'string') acts.add(id);
    }
  }
  for (const entry of Array.isArray(c.contextAgents) ? c.contextAgents : [])
    addAgents(agents, asObject(entry)?.agent);
  for (const entry of Array.isArray(c.contextGroups) ? c.contextGroups : [])
    addAgents(agents, asObject(entry)?.group);
}

function addObject(acts: Set<string>, agents: Set<string>, object: Json | undefined): void {
  const o = asObject(object);
  if (!o) return;
  const type = o.objectType ?? 'Activity';
  if (type === 'Activity' && typeof o.id === 'string') acts.add(o.id);
  if (type === 'Agent' || type === 'Group') addAgents(agents, o);
  if (type === 'SubStatement') {
    addAgents(agents, o.actor);
    addObject(acts, agents, o.object);
    addContext(acts, agents, o.context);
  }
}

const extensionValue = (context: JsonObject | undefined, key: string): string | null => {
  const value = asObject(context?.extensions)?.[key];
  return typeof value === 'string' ? value : null;
};

/** Derives the indexed columns from a validated statement (authority included). */
export function statementColumns(s: JsonObject): StatementColumns {
  const object = asObject(s.object) ?? {};
  const type = object.objectType ?? 'Activity';
  const context = asObject(s.context);
  const activities = new Set<string>();
  const agents = new Set<string>();
  addAgents(agents, s.actor);
  addAgents(agents, s.authority);
  addObject(activities, agents, s.object);
  addContext(activities, agents, s.context);
  const registration = context?.registration;
  return {
    verbId: String(asObject(s.verb)?.id),
    actorIfi: agentIfi(s.actor),
    objectActivityId: type === 'Activity' ? String(object.id) : null,
    objectAgentIfi: type === 'Agent' || type === 'Group' ? agentIfi(object) : null,
    objectStatementId: type === 'StatementRef' ? String(object.id).toLowerCase() : null,
    registration: typeof registration === 'string' ? registration.toLowerCase() : null,
    relatedActivities: [...activities],
    relatedAgents: [...agents],
    assignmentId: extensionValue(context, FLOWLEARN_EXTENSIONS.assignment),
    flowId: extensionValue(context, FLOWLEARN_EXTENSIONS.flow),
  };
}

/**
 * Adds Flowlearn's assignment and flow extensions to a statement's context (the learner player
 * does this for every statement it writes, so the reports can select by assignment).
 */
export function withFlowlearnContext(
  s: JsonObject,
  ids: { assignmentId?: string; flowId?: string },
): JsonObject {
  const context = { ...(asObject(s.context) ?? {}) };
  const ext = { ...(asObject(context.extensions) ?? {}) };
  if (ids.assignmentId) ext[FLOWLEARN_EXTENSIONS.assignment] = ids.assignmentId;
  if (ids.flowId) ext[FLOWLEARN_EXTENSIONS.flow] = ids.flowId;
  context.extensions = ext;
  return { ...s, context };
}
