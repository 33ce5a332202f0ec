import { checkActivity } from './activity';
import { checkActor, checkAgent, checkAuthority, checkGroup } from './agents';
import {
  allowOnly,
  bool,
  checkJsonTree,
  extensions,
  fail,
  iri,
  type JsonObject,
  languageMap,
  num,
  object,
  string,
} from './check';
import { VERB_VOIDED, type XapiMajor } from './constants';
import { isDuration, isIri, isLanguageTag, isMediaType, isSha2Hex, isTimestamp, isUuid } from './formats';

export interface ValidateOptions {
  /** The request's X-Experience-API-Version: 2.0 adds context agents and groups. */
  version: XapiMajor;
}

const CONTEXT_ACTIVITY_KEYS = ['parent', 'grouping', 'category', 'other'];

function checkVerb(value: unknown, path: string): JsonObject {
  const verb = object(value, path);
  allowOnly(verb, ['id', 'display'], path);
  iri(verb.id, `${path}.id`);
  if (verb.display !== undefined) languageMap(verb.display, `${path}.display`);
  return verb;
}

function checkStatementRef(value: unknown, path: string): void {
  const ref = object(value, path);
  allowOnly(ref, ['objectType', 'id'], path);
  if (ref.objectType !== 'StatementRef') fail(`${path}.objectType`, 'must be "StatementRef"');
  if (!isUuid(ref.id)) fail(`${path}.id`, 'must be a UUID');
}

function checkObject(value: unknown, path: string, opts: ValidateOptions, inSub: boolean): void {
  const obj = object(value, path);
  switch (obj.objectType ?? 'Activity') {
    case 'Activity':
      checkActivity(obj, path);
      return;
    case 'Agent':
      checkAgent(obj, path);
      return;
    case 'Group':
      checkGroup(obj, path);
      return;
    case 'StatementRef':
      checkStatementRef(obj, path);
      return;
    case 'SubStatement':
      if (inSub) fail(path, 'a SubStatement cannot contain another SubStatement');
      checkSubStatement(obj, path, opts);
      return;
    default:
      fail(`${path}.objectType`, 'must be Activity, Agent, Group, StatementRef or SubStatement');
  }
}

function checkResult(value: unknown, path: string): void {
  const result = object(value, path);
  allowOnly(result, ['score', 'success', 'completion', 'response', 'duration', 'extensions'], path);
  if (result.score !== undefined) {
    const score = object(result.score, `${path}.score`);
    allowOnly(score, ['scaled', 'raw', 'min', 'max'], `${path}.score`);
    for (const k of ['scaled', 'raw', 'min', 'max'])
      if (score[k] !== undefined) num(score[k], `${path}.score.${k}`);
    const { scaled, raw, min, max } = score as Record<string, number | undefined>;
    if (scaled !== undefined && (scaled < -1 || scaled > 1))
      fail(`${path}.score.scaled`, 'must be between -1 and 1');
    if (min !== undefined && max !== undefined && min >= max)
      fail(`${path}.score.min`, 'must be less than max');
    if (raw !== undefined && min !== undefined && raw < min)
      fail(`${path}.score.raw`, 'must not be less than min');
    if (raw !== undefined && max !== undefined && raw > max)
      fail(`${path}.score.raw`, 'must not be more than max');
  }
  if (result.success !== undefined) bool(result.success, `${path}.success`);
  if (result.completion !== undefined) bool(result.completion, `${path}.completion`);
  if (result.response !== undefined) string(result.response, `${path}.response`);
  if (result.duration !== undefined && !isDuration(result.duration))
    fail(`${path}.duration`, 'must be an ISO 8601 duration such as PT1H30M');
  if (result.extensions !== undefined) extensions(result.extensions, `${path}.extensions`);
}

function checkRelevantTypes(value: unknown, path: string): void {
  if (!Array.isArray(value) || value.length === 0) fail(path, 'must be a non-empty array of IRIs');
  for (const [i, t] of value.entries()) iri(t, `${path}[${i}]`);
}

function checkContext(value: unknown, path: string, opts: ValidateOptions, objectIsActivity: boolean): void {
  const context = object(value, path);
  const keys = [
    'registration',
    'instructor',
    'team',
    'contextActivities',
    'revision',
    'platform',
    'language',
    'statement',
    'extensions',
  ];
  allowOnly(context, opts.version === '2.0' ? [...keys, 'contextAgents', 'contextGroups'] : keys, path);
  if (context.registration !== undefined && !isUuid(context.registration))
    fail(`${path}.registration`, 'must be a UUID');
  if (context.instructor !== undefined) checkActor(context.instructor, `${path}.instructor`);
  if (context.team !== undefined) checkGroup(context.team, `${path}.team`);
  if (context.contextActivities !== undefined) {
    const ca = object(context.contextActivities, `${path}.contextActivities`);
    allowOnly(ca, CONTEXT_ACTIVITY_KEYS, `${path}.contextActivities`);
    for (const [key, list] of Object.entries(ca)) {
      const items = Array.isArray(list) ? list : [list];
      for (const [i, a] of items.entries()) checkActivity(a, `${path}.contextActivities.${key}[${i}]`);
    }
  }
  for (const key of ['revision', 'platform'] as const) {
    if (context[key] === undefined) continue;
    string(context[key], `${path}.${key}`);
    if (!objectIsActivity) fail(`${path}.${key}`, 'is allowed only when the object is an Activity');
  }
  if (context.language !== undefined && !isLanguageTag(context.language))
    fail(`${path}.language`, 'must be an RFC 5646 language tag');
  if (context.statement !== undefined) checkStatementRef(context.statement, `${path}.statement`);
  if (context.extensions !== undefined) extensions(context.extensions, `${path}.extensions`);
  for (const [key, type, field] of [
    ['contextAgents', 'contextAgent', 'agent'],
    ['contextGroups', 'contextGroup', 'group'],
  ] as const) {
    if (context[key] === undefined) continue;
    const list = context[key];
    if (!Array.isArray(list)) fail(`${path}.${key}`, 'must be an array');
    list.forEach((item, i) => {
      const p = `${path}.${key}[${i}]`;
      const entry = object(item, p);
      allowOnly(entry, ['objectType', field, 'relevantTypes'], p);
      if (entry.objectType !== type) fail(`${p}.objectType`, `must be "${type}"`);
      if (field === 'agent') checkAgent(entry.agent, `${p}.agent`);
      else checkGroup(entry.group, `${p}.group`);
      if (entry.relevantTypes !== undefined) checkRelevantTypes(entry.relevantTypes, `${p}.relevantTypes`);
    });
  }
}

function checkAttachments(value: unknown, path: string): void {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  value.forEach((item, i) => {
    const p = `${path}[${i}]`;
    const a = object(item, p);
    allowOnly(a, ['usageType', 'display', 'description', 'contentType', 'length', 'sha2', 'fileUrl'], p);
    iri(a.usageType, `${p}.usageType`);
    languageMap(a.display, `${p}.display`);
    if (a.description !== undefined) languageMap(a.description, `${p}.description`);
    if (!isMediaType(a.contentType)) fail(`${p}.contentType`, 'must be an Internet media type');
    if (typeof a.length !== 'number' || !Number.isInteger(a.length) || a.length < 0)
      fail(`${p}.length`, 'must be a whole number of octets');
    if (!isSha2Hex(a.sha2)) fail(`${p}.sha2`, 'must be a SHA-2 hash in hex');
    if (a.fileUrl !== undefined && !isIri(a.fileUrl)) fail(`${p}.fileUrl`, 'must be an absolute IRL');
  });
}

function checkCore(s: JsonObject, path: string, opts: ValidateOptions, inSub: boolean): void {
  if (s.actor === undefined) fail(`${path}.actor`, 'is required');
  checkActor(s.actor, `${path}.actor`);
  if (s.verb === undefined) fail(`${path}.verb`, 'is required');
  const verb = checkVerb(s.verb, `${path}.verb`);
  if (s.object === undefined) fail(`${path}.object`, 'is required');
  checkObject(s.object, `${path}.object`, opts, inSub);
  const obj = s.object as JsonObject;
  if (verb.id === VERB_VOIDED && obj.objectType !== 'StatementRef')
    fail(`${path}.object`, 'a voiding statement must have a StatementRef object');
  if (s.result !== undefined) checkResult(s.result, `${path}.result`);
  const isActivity = (obj.objectType ?? 'Activity') === 'Activity';
  if (s.context !== undefined) checkContext(s.context, `${path}.context`, opts, isActivity);
  if (s.timestamp !== undefined && !isTimestamp(s.timestamp))
    fail(`${path}.timestamp`, 'must be an ISO 8601 date and time with a known offset');
  if (s.attachments !== undefined) checkAttachments(s.attachments, `${path}.attachments`);
}

function checkSubStatement(s: JsonObject, path: string, opts: ValidateOptions): void {
  allowOnly(
    s,
    ['objectType', 'actor', 'verb', 'object', 'result', 'context', 'timestamp', 'attachments'],
    path,
  );
  checkCore(s, path, opts, true);
}

/**
 * Checks one statement by the rules of xAPI 1.0.3 (Data §2) and IEEE 9274.1.1 (2.0), throwing an
 * XapiValidationError that names the property. `stored` and `authority` may be sent (the LRS
 * replaces them); `id` must be a UUID; `version` must be 1.0.x or 2.0.x.
 */
export function validateStatement(value: unknown, opts: ValidateOptions, path = 'statement'): JsonObject {
  checkJsonTree(value, path);
  const s = object(value, path);
  allowOnly(
    s,
    [
      'id',
      'actor',
      'verb',
      'object',
      'result',
      'context',
      'timestamp',
      'stored',
      'authority',
      'version',
      'attachments',
    ],
    path,
  );
  if (s.id !== undefined && !isUuid(s.id)) fail(`${path}.id`, 'must be a UUID');
  checkCore(s, path, opts, false);
  if (s.stored !== undefined && !isTimestamp(s.stored))
    fail(`${path}.stored`, 'must be an ISO 8601 date and time');
  if (s.authority !== undefined) checkAuthority(s.authority, `${path}.authority`);
  if (s.version !== undefined && (typeof s.version !== 'string' || !/^(1|2)\.0(\.\d+)?$/.test(s.version)))
    fail(`${path}.version`, 'must be 1.0.x or 2.0.x');
  return s;
}
