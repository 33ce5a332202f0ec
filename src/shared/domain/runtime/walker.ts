import { nodeSpec } from '../node-catalogue';
import { evaluateCondition } from './conditions';
import { makeContext, recordStatement } from './context';
import { next, PortFailure, type TEntryVia, type TNodeContext, type TOutcome } from './executor';
import { linksFrom, type TRunFlow, type TRunNode } from './graph';
import { answerFits, parseAnswer, type TShowContent, type TWaiting } from './learner';
import { executorFor } from './nodes';
import { addIssue, emitEvent, openSession, type TRunOptions, type TSession } from './session';
import {
  isRunState,
  makeIssue,
  newState,
  type TRunResult,
  type TRunState,
  type TRuntimeIssue,
} from './state';
import type { TValue } from './values';

const STOP = Symbol('stop');
type TEntry = { nodeId: string; via: TEntryVia };
type TAfter = TEntry | null | typeof STOP;

const FEED_KEPT = 500;
const EXECUTION_MERGER = 'executionConnectorNode';

const overBudget = (s: TSession): boolean =>
  s.steps >= s.limits.stepsPerAdvance || s.state.steps >= s.limits.stepsPerRun;

function countStep(s: TSession, node: TRunNode): void {
  s.steps++;
  s.state.steps++;
  s.state.visits[node.id] = (s.state.visits[node.id] ?? 0) + 1;
  emitEvent(s, { type: 'node', nodeId: node.id, nodeType: node.type });
}

async function runBlock(
  s: TSession,
  node: TRunNode,
  via: TEntryVia,
  call: (ctx: TNodeContext) => Promise<TOutcome> | TOutcome,
): Promise<TOutcome> {
  try {
    return await call(makeContext(s, node, via));
  } catch (error) {
    if (error instanceof PortFailure) return { kind: 'fail', issue: error.issue };
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    return {
      kind: 'fail',
      issue: makeIssue('internal', 'error', { nodeId: node.id, nodeType: node.type, detail }),
    };
  }
}

function waitingOf(s: TSession, state: TRunState): TWaiting | undefined {
  const at = state.at;
  const node = at && s.g.nodes.get(at.nodeId);
  if (state.status !== 'waiting' || !at?.request || !node) return undefined;
  const label = typeof node.data.label === 'string' && node.data.label ? node.data.label : node.type;
  return { nodeId: node.id, nodeType: node.type, label, request: at.request };
}

function result(s: TSession): TRunResult {
  const { state } = s;
  state.updatedAt = s.opts.ports.clock.now();
  const waiting = waitingOf(s, state);
  return {
    state,
    status: state.status,
    shown: s.shown,
    issues: s.issues,
    ...(waiting ? { waiting } : {}),
    ...(state.error ? { error: state.error } : {}),
  };
}

function fail(s: TSession, issue: TRuntimeIssue, atNodeId: string | null): TRunResult {
  s.state.status = 'failed';
  s.state.error = issue;
  s.state.at = atNodeId ? { nodeId: atNodeId } : null;
  addIssue(s, issue);
  return result(s);
}

async function finish(s: TSession): Promise<TRunResult> {
  s.state.status = 'done';
  s.state.at = null;
  await recordStatement(s, { verb: 'completed', result: { completion: true } });
  return result(s);
}

function pushShow(s: TSession, node: TRunNode, contents: TShowContent[], label: string): void {
  for (const content of contents) {
    s.state.seq++;
    const item = { ...content, key: String(s.state.seq), nodeId: node.id, nodeType: node.type, label };
    s.state.feed.push(item);
    if (s.state.feed.length > FEED_KEPT) s.state.feed.shift();
    s.shown.push(item);
    emitEvent(s, { type: 'shown', item });
  }
}

function storeOutputs(s: TSession, nodeId: string, outputs: Record<string, TValue>): void {
  const kept = { ...s.state.outputs[nodeId] };
  for (const [handle, value] of Object.entries(outputs)) if (value) kept[handle] = value;
  s.state.outputs[nodeId] = kept;
}

/** The first statement link out of `handleId` whose edge condition holds, or null: the path ends. */
function nextAlong(s: TSession, node: TRunNode, handleId: string): TEntry | null {
  const scope = { variables: s.state.variables, sourceOutputs: s.state.outputs[node.id] };
  for (const link of linksFrom(s.g, node.id, handleId)) {
    if (link.type !== 'statement') continue;
    const c = evaluateCondition(link.condition, scope);
    if (c.invalid)
      addIssue(s, makeIssue('condition-invalid', 'warning', { nodeId: node.id, edgeId: link.edgeId }));
    if (c.holds) return { nodeId: link.target, via: 'statement' };
  }
  return null;
}

/**
 * Background work: the blocks on `execution` links out of `from` run now, before the main path goes
 * on (the results are those of a parallel run; running them one after another keeps the state simple).
 * An Execution Merger passes on once every linked background path has reached it.
 */
async function runBackground(s: TSession, from: TRunNode): Promise<void> {
  const queue: Array<{ nodeId: string; from: string }> = [];
  const enqueue = (n: TRunNode) => {
    for (const h of nodeSpec(n.type)?.handles ?? []) {
      if (h.direction !== 'output' || h.type !== 'execution') continue;
      for (const link of linksFrom(s.g, n.id, h.handleId)) queue.push({ nodeId: link.target, from: n.id });
    }
  };
  enqueue(from);
  for (let item = queue.shift(); item; item = queue.shift()) {
    const node = s.g.nodes.get(item.nodeId);
    if (!node) continue;
    if (overBudget(s)) {
      addIssue(s, makeIssue('step-budget', 'warning', { nodeId: node.id, nodeType: node.type }));
      return;
    }
    countStep(s, node);
    if (node.type === EXECUTION_MERGER) {
      const arrived = new Set([...(s.state.arrivals[node.id] ?? []), item.from]);
      const expected = [...(s.g.execSources.get(node.id) ?? [])];
      if (expected.every((id) => arrived.has(id))) {
        delete s.state.arrivals[node.id];
        enqueue(node);
      } else s.state.arrivals[node.id] = [...arrived];
      continue;
    }
    const outcome = await runBlock(s, node, 'execution', (ctx) => executorFor(node.type).run(ctx));
    const where = { nodeId: node.id, nodeType: node.type };
    if (outcome.kind === 'wait') addIssue(s, makeIssue('learner-node-in-background', 'warning', where));
    else if (outcome.kind === 'fail') addIssue(s, { ...outcome.issue, severity: 'warning' });
    else {
      if (outcome.kind === 'next' && outcome.outputs) storeOutputs(s, node.id, outcome.outputs);
      enqueue(node);
    }
  }
}

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

const labelOf = (node: TRunNode): string =>
  typeof node.data.label === 'string' && node.data.label
    ? node.data.label
    : (nodeSpec(node.type)?.name ?? node.type);

async function walk(s: TSession, entry: TAfter): Promise<TRunResult> {
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
async function guarded(
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

/** Starts a run at the Start block and walks until the learner is needed or the flow ends. */
export function startRun(flow: TRunFlow, opts: TRunOptions): Promise<TRunResult> {
  const state = newState(safeNow(opts));
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
    const fresh = newState(safeNow(opts));
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
