import { isObject, type Json, type JsonObject } from '../../shared/domain/xapi';

/** What to do with each kind of object a statement holds; anything else is kept as it is. */
export interface StatementVisitor {
  agent(value: JsonObject): JsonObject;
  activity(value: JsonObject): JsonObject;
  verb(value: JsonObject): JsonObject;
  attachment(value: JsonObject): JsonObject;
}

const mapObject = (value: Json, f: (v: JsonObject) => JsonObject): Json =>
  isObject(value) ? f(value) : value;
const mapList = (value: Json, f: (v: JsonObject) => JsonObject): Json =>
  Array.isArray(value) ? value.map((v) => mapObject(v, f)) : value;

/**
 * A copy of a statement (or sub-statement) with every agent, group, activity, verb and attachment
 * passed through the visitor — by position, as Data 2.4 places them, not by guessing from keys: a
 * verb without display and an interaction component both have an `id` and are no activity.
 */
export function walkStatement(s: JsonObject, visit: StatementVisitor): JsonObject {
  const out: JsonObject = { ...s };
  if ('actor' in s) out.actor = mapObject(s.actor, visit.agent);
  if ('authority' in s) out.authority = mapObject(s.authority, visit.agent);
  if ('verb' in s) out.verb = mapObject(s.verb, visit.verb);
  if (isObject(s.object)) {
    const type = s.object.objectType ?? 'Activity';
    if (type === 'Activity') out.object = visit.activity(s.object);
    else if (type === 'Agent' || type === 'Group') out.object = visit.agent(s.object);
    else if (type === 'SubStatement') out.object = walkStatement(s.object, visit);
  }
  if (isObject(s.context)) out.context = walkContext(s.context, visit);
  if ('attachments' in s) out.attachments = mapList(s.attachments, visit.attachment);
  return out;
}

function walkContext(c: JsonObject, visit: StatementVisitor): JsonObject {
  const out: JsonObject = { ...c };
  for (const k of ['instructor', 'team']) if (k in c) out[k] = mapObject(c[k], visit.agent);
  if (isObject(c.contextActivities)) {
    out.contextActivities = Object.fromEntries(
      Object.entries(c.contextActivities).map(([k, list]) => [
        k,
        Array.isArray(list) ? mapList(list, visit.activity) : mapObject(list, visit.activity),
      ]),
    );
  }
  // xAPI 2.0: contextAgents hold an `agent`, contextGroups a `group`.
  const inner = (key: string) => (e: JsonObject) =>
    key in e ? { ...e, [key]: mapObject(e[key], visit.agent) } : e;
  if ('contextAgents' in c) out.contextAgents = mapList(c.contextAgents, inner('agent'));
  if ('contextGroups' in c) out.contextGroups = mapList(c.contextGroups, inner('group'));
  return out;
}

/** Every activity id a statement names (object, context activities, sub-statements). */
export function activityIdsOf(s: JsonObject): string[] {
  const ids: string[] = [];
  walkStatement(s, {
    agent: (a) => a,
    verb: (v) => v,
    attachment: (a) => a,
    activity: (a) => {
      if (typeof a.id === 'string') ids.push(a.id);
      return a;
    },
  });
  return ids;
}
