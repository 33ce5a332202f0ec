import { runBackground } from './background';
import { recordStatement } from './context';
import { next, type TNodeContext, type TOutcome } from './executor';
import type { TRunFlow, TRunNode } from './graph';
import { answerFits, parseAnswer } from './learner';
import { executorFor } from './nodes';
import {
  countStep,
  fail,
  finish,
  labelOf,
  nextAlong,
  overBudget,
  pushShow,
  result,
  runBlock,
  STOP,
  storeOutputs,
  type TAfter,
  waitingOf,
} from './outcome';
import { addIssue, openSession, type TRunOptions, type TSession } from './session';
import {
  isRunState,
  makeIssue,
  newState,
  type TRunResult,
  type TRunState,
  type TRuntimeIssue,
} from './state';

/** Applies what a block asked for and says where the walk goes next (STOP: it waits or failed). */
async function apply(s: TSession, node: TRunNode, outcome: TOutcome, label: string): Promise<TAfter> {
  if ('show' in outcome && outcome.show) pushShow(s, node, outcome.show, label);
  if ((outcome.kind === 'next' || outcome.kind === 'wait') && outcome.outputs) {
    storeOutputs(s, node.id, outcome.outputs);
  }
  switch (outcome.kind) {
    case 'wait':
      s.state.status = 'waiting';
      s.state.at = { nodeId: node.id, request: outcome.request };
      return STOP;
    case 'fail':
      fail(s, outcome.issue, node.id);
      return STOP;
    case 'goto':
      return { nodeId: outcome.nodeId, via: 'branch' };
    case 'end':
      if (outcome.jump) s.state.jump = outcome.jump;
      return null;
    default:
      await runBackground(s, node);
      return nextAlong(s, node, outcome.via ?? 'out');
  }
}

export async function walk(s: TSession, entry: TAfter): Promise<TRunResult> {
  let step = entry;
  while (step && step !== STOP) {
    const node = s.g.nodes.get(step.nodeId);
    if (!node) return fail(s, makeIssue('flow-changed', 'error', { nodeId: step.nodeId }), null);
    if (overBudget(s)) {
      return fail(s, makeIssue('step-budget', 'error', { nodeId: node.id, nodeType: node.type }), null);
    }
    countStep(s, node);
    const via = step.via;
    const outcome = await runBlock(s, node, via, (ctx) => executorFor(node.type).run(ctx));
    step = await apply(s, node, outcome, labelOf(node));
  }
  return step === STOP ? result(s) : finish(s);
}

/** Any fault the guards above did not foresee still ends in a reported state, never a throw. */
export async function guarded(
  state: TRunState,
  opts: TRunOptions,
  body: () => Promise<TRunResult>,
): Promise<TRunResult> {
  try {
    return await body();
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    const issue = makeIssue('internal', 'error', { detail });
    state.status = 'failed';
    state.error = issue;
    state.issues.push(issue);
    const now = (() => {
      try {
        return opts.ports.clock.now();
      } catch {
        return 0;
      }
    })();
    state.updatedAt = now;
    return { state, status: 'failed', shown: [], issues: [issue], error: issue };
  }
}

const safeNow = (opts: TRunOptions): number => {
  try {
    return opts.ports.clock.now();
  } catch {
    return 0;
  }
};

const safeUuid = (opts: TRunOptions): string => {
  try {
    return opts.ports.random.uuid();
  } catch {
    return String(safeNow(opts));
  }
};

/** Starts a run at the Start block and walks until the learner is needed or the flow ends. */
export function startRun(flow: TRunFlow, opts: TRunOptions): Promise<TRunResult> {
  const state = newState(safeNow(opts), safeUuid(opts));
  return guarded(state, opts, async () => {
    const s = openSession(flow, state, opts);
    for (const issue of s.g.ignored) addIssue(s, issue);
    const start = s.g.start;
    if (!start) return fail(s, makeIssue('no-start', 'error'), null);
    await recordStatement(s, { verb: 'launched' });
    return walk(s, { nodeId: start.id, via: 'start' });
  });
}

function refused(s: TSession, original: TRunState, issue: TRuntimeIssue): TRunResult {
  const waiting = waitingOf(s, original);
  return {
    state: original,
    status: original.status,
    shown: [],
    issues: [],
    refused: issue,
    ...(waiting ? { waiting } : {}),
    ...(original.error ? { error: original.error } : {}),
  };
}

/**
 * Resumes a run with the learner's answer to the block it waits at, or with `{kind: 'retry'}` after a
 * failure. The given state is not changed: the result carries a new one. A refused answer (wrong kind,
 * an option that was not offered, a finished run) returns the given state with `refused` set.
 */
export function resumeRun(
  flow: TRunFlow,
  state: TRunState,
  answer: unknown,
  opts: TRunOptions,
): Promise<TRunResult> {
  if (!isRunState(state)) {
    const fresh = newState(safeNow(opts), '');
    const issue = makeIssue('state-invalid', 'error');
    fresh.status = 'failed';
    fresh.error = issue;
    return Promise.resolve({
      state: fresh,
      status: 'failed',
      shown: [],
      issues: [issue],
      error: issue,
      refused: issue,
    });
  }
  const draft = JSON.parse(JSON.stringify(state)) as TRunState;
  return guarded(draft, opts, async () => {
    const s = openSession(flow, draft, opts);
    const parsed = parseAnswer(answer);
    const at = draft.at;
    const refuse = (code: 'answer-refused' | 'run-finished') =>
      refused(s, state, makeIssue(code, 'warning', at ? { nodeId: at.nodeId } : {}));
    if (!parsed) return refuse('answer-refused');
    if (draft.status === 'done' || !at) return refuse('run-finished');
    const node = s.g.nodes.get(at.nodeId);
    if (!node) return fail(s, makeIssue('flow-changed', 'error', { nodeId: at.nodeId }), null);
    const exec = executorFor(node.type);
    let call: (ctx: TNodeContext) => Promise<TOutcome> | TOutcome;
    if (draft.status === 'failed') {
      if (parsed.kind !== 'retry') return refuse('answer-refused');
      delete draft.error;
      countStep(s, node);
      call = (ctx) => exec.run(ctx);
    } else {
      const request = at.request;
      const offered =
        request?.kind !== 'choice' ||
        (parsed.kind === 'choice' && request.options.some((o) => o.id === parsed.optionId));
      if (!request || !answerFits(request, parsed) || !offered) return refuse('answer-refused');
      call = (ctx) => (exec.answer ? exec.answer(ctx, parsed) : next());
    }
    draft.at = null;
    draft.status = 'waiting';
    const outcome = await runBlock(s, node, 'statement', call);
    return walk(s, await apply(s, node, outcome, labelOf(node)));
  });
}
