import { agentIfi, isObject, isUuid, type Json, type JsonObject } from '../../shared/domain/xapi';
import { forbidden } from '../http/errors';
import { agentParam } from './xapi/documents.handler';
import type { XapiRequest } from './xapi/request';

/**
 * What a package's launch credentials may do. A package is untrusted code holding a
 * secret: the secret is worth only one learner, one activity and one registration, for a few hours.
 * Statements outside that are refused with 403 instead of being rewritten, so a package that
 * misbehaves is told so; statements inside it get the assignment and flow stamped as context, the
 * same way the player's own statements are (player/player.statements.ts), so reports find them.
 */
export interface LaunchScope {
  launchId: string;
  /** agentIfi of the learner. */
  agent: string;
  activityId: string;
  registration: string;
  /** Context template: contextActivities and extensions added to every statement. */
  context: JsonObject;
  expiresAt: Date;
}

/** The activity itself, or one below it (`{id}/page-2`, `{id}#q1`, `{id}?lang=fr`). */
export function withinActivity(id: unknown, activityId: string): boolean {
  if (typeof id !== 'string') return false;
  if (id === activityId) return true;
  return id.startsWith(activityId) && '/#?'.includes(id.charAt(activityId.length));
}

const refuse = (index: number, what: string) =>
  forbidden(`statement ${index}: ${what} is outside what these launch credentials allow`);

type Act = JsonObject & { id?: Json };
const list = (v: Json | undefined): Act[] =>
  Array.isArray(v) ? (v as Act[]) : isObject(v) ? [v as Act] : [];
const union = (mine: Json | undefined, theirs: Json | undefined): Act[] => {
  const out = list(mine);
  for (const a of list(theirs)) if (!out.some((b) => b.id === a.id)) out.push(a);
  return out;
};

/** Checks every statement of a batch against the scope (403 at the first one outside) and stamps the context. */
export function scopeLaunchStatements(statements: unknown[], scope: LaunchScope): JsonObject[] {
  return statements.map((raw, i) => {
    if (!isObject(raw)) return raw as JsonObject; // validation answers 400 with the property at fault
    if (agentIfi(raw.actor) !== scope.agent) throw refuse(i, 'actor');
    const object = raw.object;
    if (!isObject(object) || (object.objectType ?? 'Activity') !== 'Activity')
      throw refuse(i, 'an object that is not an activity');
    if (!withinActivity(object.id, scope.activityId)) throw refuse(i, 'object.id');
    const context = isObject(raw.context) ? { ...raw.context } : {};
    if (
      context.registration !== undefined &&
      String(context.registration).toLowerCase() !== scope.registration
    )
      throw refuse(i, 'context.registration');
    const template = scope.context;
    const mine = isObject(context.contextActivities) ? context.contextActivities : {};
    const ours = isObject(template.contextActivities) ? template.contextActivities : {};
    const activities: JsonObject = { ...mine };
    for (const key of Object.keys(ours)) activities[key] = union(mine[key], ours[key]);
    return {
      ...raw,
      context: {
        ...context,
        registration: scope.registration,
        contextActivities: activities,
        extensions: {
          ...(isObject(context.extensions) ? context.extensions : {}),
          ...(isObject(template.extensions) ? template.extensions : {}),
        },
      },
    };
  });
}

/**
 * The resources a launch may use besides statements: its own state (cmi5's LMS.LaunchData, a course's
 * bookmark) and its learner's agent profile (cmi5LearnerPreferences). Everything else: 403.
 */
export function checkLaunchDocument(req: XapiRequest, scope: LaunchScope): void {
  if (req.resource === 'agents/profile') {
    if (agentParam(req) !== scope.agent) throw forbidden('agent: outside these launch credentials');
    return;
  }
  if (req.resource !== 'activities/state')
    throw forbidden(`${req.resource}: launch credentials give no access to it`);
  if (!withinActivity(req.params.activityId, scope.activityId))
    throw forbidden('activityId: outside these launch credentials');
  if (agentParam(req) !== scope.agent) throw forbidden('agent: outside these launch credentials');
  const registration = req.params.registration;
  if (
    registration !== undefined &&
    (!isUuid(registration) || registration.toLowerCase() !== scope.registration)
  )
    throw forbidden('registration: outside these launch credentials');
}
