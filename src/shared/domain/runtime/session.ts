import { compileFlow, type TCompiledFlow, type TRunFlow } from './graph';
import type { TShowItem, TWaiting } from './learner';
import type { TRuntimePorts } from './ports';
import { DEFAULT_LIMITS, type TRunLimits, type TRunState, type TRuntimeIssue } from './state';
import type { TXapiRunContext } from './xapi';

export type TRunEvent =
  | { type: 'node'; nodeId: string; nodeType: string }
  | { type: 'shown'; item: TShowItem }
  /** A streamed piece of an AI answer, for the player to show as it arrives. */
  | { type: 'ai-piece'; nodeId: string; text: string }
  /** Usage as the AI port reported it (the port itself charges credits). */
  | { type: 'ai-usage'; nodeId: string; inputTokens: number; outputTokens: number; credits?: string };

export type TRunOptions = {
  ports: TRuntimePorts;
  /** Who and where, for xAPI statements; without it no statement is written (a preview). */
  xapi?: TXapiRunContext;
  limits?: Partial<TRunLimits>;
  /** Progress as it happens (streamed AI text, blocks reached). A throwing listener is ignored. */
  onEvent?: (event: TRunEvent) => void;
  /** No learner (automation): content never waits for Next, Wait blocks sleep on the clock port. */
  headless?: boolean;
};

/** One call of startRun / resumeRun: the private state copy and what this call produced. */
export type TSession = {
  g: TCompiledFlow;
  state: TRunState;
  opts: TRunOptions;
  limits: TRunLimits;
  shown: TShowItem[];
  issues: TRuntimeIssue[];
  steps: number;
  aiCalls: number;
  waiting?: TWaiting;
};

export function openSession(flow: TRunFlow, state: TRunState, opts: TRunOptions): TSession {
  return {
    g: compileFlow(flow),
    state,
    opts,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    shown: [],
    issues: [],
    steps: 0,
    aiCalls: 0,
  };
}

const sameIssue = (a: TRuntimeIssue, b: TRuntimeIssue): boolean =>
  a.code === b.code &&
  a.nodeId === b.nodeId &&
  a.handleId === b.handleId &&
  a.edgeId === b.edgeId &&
  a.detail === b.detail;

/** Issues are conditions, not events: one in a loop is kept once. */
export function addIssue(s: TSession, issue: TRuntimeIssue): void {
  if (s.state.issues.some((i) => sameIssue(i, issue))) return;
  s.state.issues.push(issue);
  if (s.state.issues.length > s.limits.issuesKept) s.state.issues.shift();
  s.issues.push(issue);
}

export function emitEvent(s: TSession, event: TRunEvent): void {
  try {
    s.opts.onEvent?.(event);
  } catch {
    // A listener's fault must not stop the learner's run.
  }
}
