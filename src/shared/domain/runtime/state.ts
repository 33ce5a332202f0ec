import type { TLearnerRequest, TShowItem, TWaiting } from './learner';
import { MEDIA_NOTICES } from './ports-media';
import type { TJson, TValue } from './values';

/** Every condition the runtime reports; the player translates `runtime.issues.<code>`. */
export const ISSUE_CODES = [
  'no-start',
  'link-ignored',
  'node-unavailable',
  'input-missing',
  'input-not-ready',
  'input-from-unavailable',
  'port-missing',
  'ai-failed',
  'ai-budget',
  'ai-unparsable',
  'xapi-failed',
  'journal-failed',
  'journal-missing',
  'service-not-configured',
  'service-failed',
  'json-invalid',
  'quiz-invalid',
  'setting-invalid',
  'condition-invalid',
  'no-paths',
  'learner-node-in-background',
  'wait-skipped',
  'step-budget',
  'answer-refused',
  'answer-required',
  'run-finished',
  'state-invalid',
  'flow-changed',
  'internal',
] as const;
export type TIssueCode = (typeof ISSUE_CODES)[number];

/** Every message key the runtime returns, for the player's translations (and a test that none is missing). */
export const RUNTIME_MESSAGE_KEYS: ReadonlyArray<string> = [
  ...ISSUE_CODES.map((c) => `runtime.issues.${c}`),
  ...['not-in-player', 'placeholder', 'unknown-type'].map((r) => `runtime.unavailable.${r}`),
  ...MEDIA_NOTICES.map((n) => `runtime.media.${n}`),
];

export type TRuntimeIssue = {
  code: TIssueCode;
  /** 'error' ends the run (status failed); warnings and infos are for authors and logs. */
  severity: 'info' | 'warning' | 'error';
  /** The i18n key the player shows: `runtime.issues.<code>`. */
  messageKey: string;
  nodeId?: string;
  nodeType?: string;
  handleId?: string;
  edgeId?: string;
  /** A machine detail: a port's errorCode (UNIT_BALANCE_INSUFFICIENT…), a setting name, a refused link's code. */
  detail?: string;
};

export type TRunLimits = {
  /** Blocks run between two learner answers; a loop with no learner in it stops here. */
  stepsPerAdvance: number;
  /** Blocks run in the whole run. */
  stepsPerRun: number;
  /** AI calls between two learner answers, so a loop cannot spend a wallet. */
  aiCallsPerAdvance: number;
  /** Issues kept in the state (the oldest go first). */
  issuesKept: number;
};

export const DEFAULT_LIMITS: TRunLimits = {
  stepsPerAdvance: 500,
  stepsPerRun: 20_000,
  aiCallsPerAdvance: 20,
  issuesKept: 200,
};

export type TRunStatus = 'waiting' | 'done' | 'failed';

/**
 * The whole run, as plain JSON: the player keeps it in IndexedDB after every answer and the server may
 * keep it between requests. Resume it with the same flow; the runtime never mutates a state it was given.
 */
export type TRunState = {
  v: 1;
  /** A random id per run: statement ids derive from it and a counter (see statementId). */
  runId: string;
  /** Statements built so far in the run. */
  statements: number;
  status: TRunStatus;
  /** The block the run stands at: waiting for the learner there, or failed there (retry runs it again). */
  at: { nodeId: string; request?: TLearnerRequest } | null;
  /** Data outputs of the blocks that ran, by node id then handle id. */
  outputs: Record<string, Record<string, TValue>>;
  /** Named texts (Create Text Label), usable as {{name}} in settings and in edge conditions. */
  variables: Record<string, string>;
  /** Per-block memory between answers (conversation transcript, timer end). */
  memory: Record<string, TJson>;
  /** Everything shown so far, so a refreshed player renders the same screen. */
  feed: TShowItem[];
  /** Items ever shown: the next feed item's key. */
  seq: number;
  issues: TRuntimeIssue[];
  steps: number;
  visits: Record<string, number>;
  /** Background (execution) paths that reached an Execution Merger, by merger id. */
  arrivals: Record<string, string[]>;
  /** The last Progress Checkpoint passed. */
  checkpoint?: { nodeId: string; progress?: number };
  usage: { aiCalls: number; inputTokens: number; outputTokens: number };
  /** Ids of statements already sent, so a statement is never sent twice (capped). */
  sent: string[];
  error?: TRuntimeIssue;
  /** Set by Jump to Flow: the run ended and the learner goes on to this flow. */
  jump?: { flowId: string };
  startedAt: number;
  updatedAt: number;
};

export type TRunResult = {
  state: TRunState;
  status: TRunStatus;
  /** Items shown since the previous call, in order (state.feed holds them all). */
  shown: TShowItem[];
  /** What to ask the learner, when status is 'waiting'. */
  waiting?: TWaiting;
  /** Issues raised since the previous call. */
  issues: TRuntimeIssue[];
  /** Why the run failed, when status is 'failed'. */
  error?: TRuntimeIssue;
  /** The answer was refused (wrong kind, nothing waiting, finished run); the state is unchanged. */
  refused?: TRuntimeIssue;
};

export function makeIssue(
  code: TIssueCode,
  severity: TRuntimeIssue['severity'],
  where: Omit<TRuntimeIssue, 'code' | 'severity' | 'messageKey'> = {},
): TRuntimeIssue {
  const issue: TRuntimeIssue = { code, severity, messageKey: `runtime.issues.${code}` };
  for (const [k, v] of Object.entries(where)) if (v !== undefined) (issue as Record<string, unknown>)[k] = v;
  return issue;
}

export function newState(now: number, runId: string): TRunState {
  return {
    v: 1,
    runId,
    statements: 0,
    status: 'waiting',
    at: null,
    outputs: {},
    variables: {},
    memory: {},
    feed: [],
    seq: 0,
    issues: [],
    steps: 0,
    visits: {},
    arrivals: {},
    usage: { aiCalls: 0, inputTokens: 0, outputTokens: 0 },
    sent: [],
    startedAt: now,
    updatedAt: now,
  };
}

/** A state read back from storage, checked enough that resuming it cannot throw. */
export function isRunState(v: unknown): v is TRunState {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<TRunState>;
  const isObj = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);
  return (
    s.v === 1 &&
    (s.status === 'waiting' || s.status === 'done' || s.status === 'failed') &&
    (s.at === null || (isObj(s.at) && typeof s.at?.nodeId === 'string')) &&
    [s.outputs, s.variables, s.memory, s.visits, s.arrivals, s.usage].every(isObj) &&
    [s.feed, s.issues, s.sent].every(Array.isArray) &&
    typeof s.steps === 'number' &&
    typeof s.runId === 'string' &&
    typeof s.statements === 'number' &&
    typeof s.seq === 'number'
  );
}
