import type { TNodeSpec } from '../node-catalogue';
import type { TCompiledFlow, TLink, TRunNode } from './graph';
import type { TLearnerAnswer, TLearnerRequest, TShowContent } from './learner';
import type { TAiRequest, TRuntimePorts } from './ports';
import type { TSettings } from './settings';
import type { TIssueCode, TRunState, TRuntimeIssue } from './state';
import type { TJson, TValue } from './values';
import type { TActivityKind, TStatementParts, TXapiRunContext, TXapiStatement } from './xapi';

/** What a block asks the walker to do next. */
export type TOutcome =
  /** Go on along the statement output `via` (default 'out'), after storing the block's outputs. */
  | { kind: 'next'; outputs?: Record<string, TValue>; via?: string; show?: TShowContent[] }
  /** Stop and ask the learner; the block's `answer` runs when they reply. */
  | { kind: 'wait'; request: TLearnerRequest; show?: TShowContent[]; outputs?: Record<string, TValue> }
  /** Continue at this node, entered through a branch link (a chosen path's Show Button). */
  | { kind: 'goto'; nodeId: string }
  /** The run ends here (a path with nowhere to go, Jump to Flow). */
  | { kind: 'end'; show?: TShowContent[]; jump?: { flowId: string } }
  /** A port failed: the run stops with this error and `retry` runs the block again. */
  | { kind: 'fail'; issue: TRuntimeIssue };

export type TEntryVia = 'start' | 'statement' | 'branch' | 'execution';

/** What a block sees while it runs. Helpers report issues themselves, so a block stays short. */
export type TNodeContext = {
  node: TRunNode;
  spec: TNodeSpec | undefined;
  settings: TSettings;
  label: string;
  via: TEntryVia;
  graph: TCompiledFlow;
  /** The run's state (a private copy): blocks read variables and outputs, and write variables. */
  state: TRunState;
  ports: TRuntimePorts;
  /** Who and where for xAPI; undefined in a preview (then nothing is recorded). */
  xapi: TXapiRunContext | undefined;
  headless: boolean;
  /** The value on a linked input, or undefined (unlinked; or linked but not produced yet: reported). */
  input(handleId: string): TValue | undefined;
  /** Linked text, else the first defined fallback; reports 'input-missing' when there is neither. */
  text(handleId: string, ...fallbacks: Array<string | undefined>): string | undefined;
  /** Reports 'input-missing' for an input the block cannot do without. */
  missing(handleId: string): void;
  /** `{{name}}` → the run's variables. */
  interpolate(template: string): string;
  issue(
    code: TIssueCode,
    severity: TRuntimeIssue['severity'],
    extra?: { handleId?: string; detail?: string },
  ): void;
  memory(): TJson | undefined;
  remember(value: TJson | undefined): void;
  /** The whole answer text; undefined when there is no AI port (reported). Throws a PortFailure. */
  ai(request: Omit<TAiRequest, 'nodeId' | 'nodeType'>): Promise<string | undefined>;
  /** Builds and sends a statement about this block (or the flow), when the run has an xAPI context. */
  record(parts: Omit<TStatementParts, 'node'> & { kind?: TActivityKind; aboutFlow?: boolean }): Promise<void>;
  /** Sends a statement built elsewhere (Send Custom xAPI); false when not sent. */
  send(statement: TXapiStatement): Promise<boolean>;
  /** The id for a statement the block builds itself (see statementId in xapi.ts). */
  statementId(): string;
  linksFrom(handleId: string): TLink[];
  now(): number;
};

export type TNodeExecutor = {
  /** Runs when the walk reaches the block (and again on retry). */
  run(ctx: TNodeContext): Promise<TOutcome> | TOutcome;
  /** The learner answered this block's request (the walker has checked that it fits). */
  answer?(ctx: TNodeContext, answer: TLearnerAnswer): Promise<TOutcome> | TOutcome;
  /**
   * Blocks with only data outputs (Text, Image, JSON Block…) are never on the walk: their values are
   * computed when a consumer reads them.
   */
  values?(ctx: TNodeContext): Record<string, TValue>;
};

/** A port failure inside a block; the walker turns it into a 'fail' outcome. */
export class PortFailure extends Error {
  constructor(readonly issue: TRuntimeIssue) {
    super(issue.code);
    this.name = 'PortFailure';
  }
}

export const next = (outputs?: Record<string, TValue>, via?: string): TOutcome => ({
  kind: 'next',
  ...(outputs ? { outputs } : {}),
  ...(via ? { via } : {}),
});

/**
 * Content blocks: shown, then the learner presses Next, unless the author ticked "run the next block
 * automatically" (node data autoExecuteNextNode), which shows the next block on the same screen.
 */
export function showContent(
  ctx: TNodeContext,
  content: TShowContent,
  outputs?: Record<string, TValue>,
): TOutcome {
  if (ctx.headless || ctx.settings.bool('autoExecuteNextNode')) {
    return { kind: 'next', show: [content], ...(outputs ? { outputs } : {}) };
  }
  return { kind: 'wait', request: { kind: 'continue' }, show: [content], ...(outputs ? { outputs } : {}) };
}

/** Error codes a port may carry (`errorCode`, or `code` as on Node errors), e.g. UNIT_BALANCE_INSUFFICIENT. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { errorCode?: unknown; code?: unknown; name?: unknown };
  if (typeof e.errorCode === 'string') return e.errorCode;
  if (typeof e.code === 'string') return e.code;
  return typeof e.name === 'string' ? e.name : undefined;
}
