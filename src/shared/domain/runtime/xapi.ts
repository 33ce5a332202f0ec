import { hashUuid } from './uuid';
import type { TJson } from './values';

/**
 * xAPI 1.0.3 statements as the runtime writes them. The caller supplies who the learner is and where
 * the run happens (actor, flow activity id, the assignment as context activities); the runtime
 * supplies the verb, the object (the flow, or the node as `{flow}/nodes/{nodeId}`), the result and
 * the evidence extension that spec 02's dashboard reads (a context extension whose key ends in
 * `evidence`).
 */
export type TXapiActor = {
  objectType?: 'Agent';
  name?: string;
  mbox?: string;
  account?: { homePage: string; name: string };
};

export type TLanguageMap = Record<string, string>;

export type TXapiActivity = {
  objectType: 'Activity';
  id: string;
  definition?: {
    name?: TLanguageMap;
    description?: TLanguageMap;
    type?: string;
    extensions?: Record<string, TJson>;
  };
};

export type TXapiResult = {
  score?: { raw?: number; min?: number; max?: number; scaled?: number };
  success?: boolean;
  completion?: boolean;
  response?: string;
  extensions?: Record<string, TJson>;
};

export type TContextActivities = {
  parent?: TXapiActivity[];
  grouping?: TXapiActivity[];
  category?: TXapiActivity[];
  other?: TXapiActivity[];
};

export type TXapiStatement = {
  id: string;
  actor: TXapiActor;
  verb: { id: string; display: TLanguageMap };
  object: TXapiActivity;
  result?: TXapiResult;
  context?: {
    registration?: string;
    contextActivities?: TContextActivities;
    platform?: string;
    language?: string;
    extensions?: Record<string, TJson>;
  };
  timestamp: string;
};

/** What the caller knows about the run: who, which flow, inside which assignment. */
export type TXapiRunContext = {
  actor: TXapiActor;
  /** IRI of the flow activity, e.g. `https://host/viewer/flows/{flowId}`; nodes hang below it. */
  flowActivityId: string;
  flowName?: string;
  /** The assignment (and anything else) the statements belong to, as given; the flow is added as parent. */
  contextActivities?: TContextActivities;
  /** The attempt's UUID, shared by every statement of the run. */
  registration?: string;
  platform?: string;
  /** RFC 5646 code of the learner's language; names are written under it (default en-US). */
  language?: string;
};

const ADL = 'http://adlnet.gov/expapi/verbs/';

/** The verbs the runtime writes, and those an xAPI block may name (spec 02 §5's verb colours). */
export const XAPI_VERBS = {
  launched: `${ADL}launched`,
  experienced: `${ADL}experienced`,
  answered: `${ADL}answered`,
  completed: `${ADL}completed`,
  passed: `${ADL}passed`,
  failed: `${ADL}failed`,
  progressed: `${ADL}progressed`,
  mastered: `${ADL}mastered`,
  attempted: `${ADL}attempted`,
  interacted: `${ADL}interacted`,
  commented: `${ADL}commented`,
  viewed: 'http://id.tincanapi.com/verb/viewed',
} as const;

export type TXapiVerbName = keyof typeof XAPI_VERBS;

export const XAPI_EXTENSIONS = {
  /** Spec 02 §3: the dashboard shows the value of a context extension whose key ends in `evidence`. */
  evidence: 'https://flowlearn.app/xapi/extensions/evidence',
  nodeType: 'https://flowlearn.app/xapi/extensions/node-type',
  /** cmi5's progress extension (0–100), used by progressed statements. */
  progress: 'https://w3id.org/xapi/cmi5/result/extensions/progress',
} as const;

const ACTIVITY_TYPES = {
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  media: 'http://adlnet.gov/expapi/activities/media',
  module: 'http://adlnet.gov/expapi/activities/module',
} as const;
export type TActivityKind = keyof typeof ACTIVITY_TYPES;

/** Evidence as spec 02 reads it: a learner's text, or an object naming an uploaded file. */
export type TEvidence = string | { id?: string; description?: string };

export type TStatementParts = {
  verb: TXapiVerbName | { id: string; name: string };
  /** Absent: the statement is about the flow itself (launched, completed). */
  node?: { id: string; type: string; label: string; kind: TActivityKind };
  result?: TXapiResult;
  evidence?: TEvidence;
};

/** An xAPI timestamp from the clock port's milliseconds (a broken clock gives the epoch, not a throw). */
export const isoTime = (ms: number): string => new Date(Number.isFinite(ms) ? ms : 0).toISOString();

/**
 * The id of the run's n-th statement. The same run and number give the same id, so a resume replayed
 * from the same saved state (a refresh before the new state was stored, a double tap) sends the same
 * ids again, which the outbox and the LRS can drop.
 */
export const statementId = (runId: string, n: number): string => hashUuid(`${runId}:${n}`);

export const nodeActivityId = (ctx: TXapiRunContext, nodeId: string): string =>
  `${ctx.flowActivityId}/nodes/${encodeURIComponent(nodeId)}`;

const verbOf = (v: TStatementParts['verb']): TXapiStatement['verb'] =>
  typeof v === 'string'
    ? { id: XAPI_VERBS[v], display: { 'en-US': v } }
    : { id: v.id, display: { 'en-US': v.name } };

export function flowActivity(ctx: TXapiRunContext): TXapiActivity {
  const lang = ctx.language ?? 'en-US';
  return {
    objectType: 'Activity',
    id: ctx.flowActivityId,
    definition: {
      type: ACTIVITY_TYPES.lesson,
      ...(ctx.flowName ? { name: { [lang]: ctx.flowName } } : {}),
    },
  };
}

/** Context: the caller's activities, with the flow added as parent of statements about a node. */
export function statementContext(
  ctx: TXapiRunContext,
  aboutNode: boolean,
): NonNullable<TXapiStatement['context']> {
  const given = ctx.contextActivities ?? {};
  const contextActivities: TContextActivities = { ...given };
  if (aboutNode) contextActivities.parent = [flowActivity(ctx), ...(given.parent ?? [])];
  return {
    ...(ctx.registration ? { registration: ctx.registration } : {}),
    ...(ctx.platform ? { platform: ctx.platform } : {}),
    ...(ctx.language ? { language: ctx.language } : {}),
    ...(Object.keys(contextActivities).length ? { contextActivities } : {}),
  };
}

/** One complete statement; `id` and `timestamp` come from the run's random and clock ports. */
export function buildStatement(
  ctx: TXapiRunContext,
  parts: TStatementParts,
  id: string,
  timestamp: string,
): TXapiStatement {
  const lang = ctx.language ?? 'en-US';
  const object: TXapiActivity = parts.node
    ? {
        objectType: 'Activity',
        id: nodeActivityId(ctx, parts.node.id),
        definition: {
          name: { [lang]: parts.node.label },
          type: ACTIVITY_TYPES[parts.node.kind],
          extensions: { [XAPI_EXTENSIONS.nodeType]: parts.node.type },
        },
      }
    : flowActivity(ctx);
  const context = statementContext(ctx, Boolean(parts.node));
  if (parts.evidence !== undefined) {
    context.extensions = { [XAPI_EXTENSIONS.evidence]: parts.evidence as TJson };
  }
  return {
    id,
    actor: { objectType: 'Agent', ...ctx.actor },
    verb: verbOf(parts.verb),
    object,
    ...(parts.result ? { result: parts.result } : {}),
    context,
    timestamp,
  };
}

/** raw/max as an xAPI score; scaled is raw ÷ max in [0, 1], left out when max is 0. */
export function xapiScore(raw: number, max: number): NonNullable<TXapiResult['score']> {
  const scaled = max > 0 ? Math.round((Math.min(Math.max(raw, 0), max) / max) * 10000) / 10000 : undefined;
  return scaled === undefined ? { raw, min: 0, max } : { raw, min: 0, max, scaled };
}

/** A verb named by an author: one of XAPI_VERBS by name, or any IRI. Unknown words → undefined. */
export function verbFromSetting(value: string): TStatementParts['verb'] | undefined {
  const v = value.trim();
  if (v in XAPI_VERBS) return v as TXapiVerbName;
  const lower = v.toLowerCase();
  if (lower in XAPI_VERBS) return lower as TXapiVerbName;
  if (/^https?:\/\/\S+$/.test(v)) return { id: v, name: v.replace(/\/+$/, '').split('/').pop() || v };
  return undefined;
}
