import { createHash } from 'node:crypto';
import { isObject, type Json, type JsonObject } from '../../shared/domain/xapi';
import type { TCmi5Au, TCmi5MoveOn } from '../packages/packages.repo';

/**
 * cmi5's identifiers and the documents and statements the LMS writes itself (cmi5 §9.3, §9.6, §10):
 * LMS.LaunchData, "launched" when an AU is launched and "satisfied" once the learner has met the
 * moveOn criteria of every AU of the course. Pure builders; cmi5-lms.ts stores them.
 */
export const CMI5 = {
  category: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  launchMode: 'https://w3id.org/xapi/cmi5/context/extensions/launchmode',
  launchUrl: 'https://w3id.org/xapi/cmi5/context/extensions/launchurl',
  moveOn: 'https://w3id.org/xapi/cmi5/context/extensions/moveon',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
  launchParameters: 'https://w3id.org/xapi/cmi5/context/extensions/launchparameters',
  courseType: 'https://w3id.org/xapi/cmi5/activitytype/course',
  blockType: 'https://w3id.org/xapi/cmi5/activitytype/block',
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  satisfied: 'https://w3id.org/xapi/adl/verbs/satisfied',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  waived: 'https://w3id.org/xapi/adl/verbs/waived',
  /** cmi5 §9.5.5.2: a result extension (not a context one), required in "waived". */
  reason: 'https://w3id.org/xapi/cmi5/result/extensions/reason',
  moveOnCategory: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
} as const;

/** Packages imported before migration 0040 carry no metadata: the spec's defaults. */
export const cmi5Defaults = (au: TCmi5Au | null | undefined, activityId: string): TCmi5Au =>
  au ?? {
    moveOn: 'NotApplicable',
    launchMethod: 'AnyWindow',
    courseId: activityId,
    courseTitle: '',
    auCount: 0,
  };

const activity = (id: string, extra: JsonObject = {}): JsonObject => ({
  objectType: 'Activity',
  id,
  ...extra,
});

/** The state document an AU reads before anything else (cmi5 §10.2). */
export function launchData(sessionId: string, publisherAuId: string, au: TCmi5Au): JsonObject {
  const data: JsonObject = {
    contextTemplate: {
      contextActivities: { grouping: [activity(publisherAuId)] },
      extensions: { [CMI5.sessionId]: sessionId },
    },
    launchMode: 'Normal',
    launchMethod: au.launchMethod,
    moveOn: au.moveOn,
  };
  if (au.masteryScore !== undefined) data.masteryScore = au.masteryScore;
  if (au.launchParameters !== undefined) data.launchParameters = au.launchParameters;
  return data;
}

/** The AU's moveOn criteria against what its statements in the registration said (cmi5 §13.1.4). */
export function moveOnMet(moveOn: TCmi5MoveOn, said: { completed: boolean; passed: boolean }): boolean {
  switch (moveOn) {
    case 'Passed':
      return said.passed;
    case 'Completed':
      return said.completed;
    case 'CompletedAndPassed':
      return said.completed && said.passed;
    case 'CompletedOrPassed':
      return said.completed || said.passed;
    case 'NotApplicable':
      return true;
  }
}

/**
 * The course id the LMS generates (cmi5 §9.3.9: it must not be the publisher's id): one per package,
 * under our origin, the same for every learner so that reports can count who satisfied the course.
 */
export const lmsCourseId = (origin: string, packageId: string) =>
  `${origin.replace(/\/+$/, '')}/xapi/activities/cmi5/course/${packageId}`;

/**
 * One satisfied statement per learner, registration and course (or block): its id is derived from
 * them. The same derivation names the one "abandoned" of a session (the session id as `course`).
 */
export function satisfiedStatementId(space: string, agent: string, registration: string, course: string) {
  const h = createHash('sha256').update(`${space}\n${agent}\n${registration}\n${course}`).digest('hex');
  // RFC 9562 version 8 (custom), variant 10.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const list = (v: Json | undefined): JsonObject[] =>
  Array.isArray(v) ? (v as JsonObject[]) : isObject(v) ? [v] : [];

/**
 * cmi5's context template for an LMS statement (registration, the cmi5 category, the session id),
 * on top of the launch's own context (the assignment and flow the player stamps on everything).
 */
export function lmsContext(
  base: JsonObject,
  registration: string,
  sessionId: string,
  grouping: JsonObject,
  extensions: JsonObject = {},
): JsonObject {
  const ca = isObject(base.contextActivities) ? { ...base.contextActivities } : {};
  ca.grouping = [...list(ca.grouping).filter((a) => a.id !== grouping.id), grouping];
  ca.category = [...list(ca.category).filter((a) => a.id !== CMI5.category), activity(CMI5.category)];
  return {
    ...base,
    registration,
    contextActivities: ca,
    extensions: {
      ...(isObject(base.extensions) ? base.extensions : {}),
      [CMI5.sessionId]: sessionId,
      ...extensions,
    },
  };
}

export interface Cmi5Session {
  sessionId: string;
  registration: string;
  actor: JsonObject;
  /** The AU's activity id as launched, and its title. */
  auId: string;
  auTitle: string;
  /** The launch's context (assignment and flow). */
  context: JsonObject;
  au: TCmi5Au;
}

/** "launched" (cmi5 §9.3.1), written before the AU is opened. `launchUrl` carries no query: it holds the fetch code. */
export function launchedStatement(s: Cmi5Session, launchUrl: string): JsonObject {
  const extensions: JsonObject = {
    [CMI5.launchMode]: 'Normal',
    [CMI5.launchUrl]: launchUrl,
    [CMI5.moveOn]: s.au.moveOn,
  };
  if (s.au.masteryScore !== undefined) extensions[CMI5.masteryScore] = s.au.masteryScore;
  if (s.au.launchParameters !== undefined) extensions[CMI5.launchParameters] = s.au.launchParameters;
  return {
    actor: s.actor,
    verb: { id: CMI5.launched, display: { 'en-US': 'launched' } },
    object: activity(s.auId, { definition: { name: { 'en-US': s.auTitle } } }),
    context: lmsContext(s.context, s.registration, s.sessionId, activity(s.auId), extensions),
  };
}

/** "satisfied" for the course (cmi5 §9.3.9): the LMS's course object, the publisher's course as grouping. */
export function satisfiedStatement(s: Cmi5Session, id: string, courseLmsId: string): JsonObject {
  const definition = { name: { 'en-US': s.au.courseTitle || s.auTitle }, type: CMI5.courseType };
  return {
    id,
    actor: s.actor,
    verb: { id: CMI5.satisfied, display: { 'en-US': 'satisfied' } },
    object: activity(courseLmsId, { definition }),
    context: lmsContext(s.context, s.registration, s.sessionId, activity(s.au.courseId, { definition })),
  };
}

/** "satisfied" for a block (cmi5 §9.3.9, §9.4): the LMS's block object, the publisher's block as grouping. */
export function satisfiedBlockStatement(
  s: Cmi5Session,
  id: string,
  block: { lmsId: string; publisherId: string; title: string },
): JsonObject {
  const definition = { name: { 'en-US': block.title }, type: CMI5.blockType };
  return {
    id,
    actor: s.actor,
    verb: { id: CMI5.satisfied, display: { 'en-US': 'satisfied' } },
    object: activity(block.lmsId, { definition }),
    context: lmsContext(s.context, s.registration, s.sessionId, activity(block.publisherId, { definition })),
  };
}

/**
 * "abandoned" (cmi5 §9.3.7): the LMS's word that the session `s` ended without the AU's "terminated".
 * `duration` is an ISO 8601 duration from the launch to the session's last statement.
 */
export function abandonedStatement(s: Cmi5Session, id: string, duration: string): JsonObject {
  return {
    id,
    actor: s.actor,
    verb: { id: CMI5.abandoned, display: { 'en-US': 'abandoned' } },
    object: activity(s.auId),
    result: { duration },
    context: lmsContext(s.context, s.registration, s.sessionId, activity(s.auId)),
  };
}

/**
 * "waived" (cmi5 §9.3.7): the LMS counts the AU as done without the learner taking it. `s.sessionId` is
 * a session of its own (the spec: unique, used by nothing but this and the "satisfied" it leads to);
 * `id` is derived so that an AU is waived once per registration; the reason is a result extension
 * (§9.5.5.2) and success/completion put the moveOn category in the context (§9.6.2.2).
 */
export function waivedStatement(s: Cmi5Session, id: string, reason: string): JsonObject {
  const context = lmsContext(s.context, s.registration, s.sessionId, activity(s.auId));
  const ca = context.contextActivities as JsonObject;
  ca.category = [...list(ca.category), activity(CMI5.moveOnCategory)];
  return {
    id,
    actor: s.actor,
    verb: { id: CMI5.waived, display: { 'en-US': 'waived' } },
    object: activity(s.auId, { definition: { name: { 'en-US': s.auTitle } } }),
    result: { success: true, completion: true, extensions: { [CMI5.reason]: reason } },
    context,
  };
}

/** Whole seconds as an ISO 8601 duration (PT…S), never negative. */
export const isoSeconds = (ms: number) => `PT${Math.max(0, Math.round(ms / 1000))}S`;
