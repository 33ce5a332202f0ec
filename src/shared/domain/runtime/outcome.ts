import { evaluateCondition } from './conditions';
import { makeContext, recordStatement } from './context';
import { PortFailure, type TEntryVia, type TNodeContext, type TOutcome } from './executor';
import { linksFrom, type TRunNode } from './graph';
import type { TShowContent, TWaiting } from './learner';
import { addIssue, emitEvent, type TSession } from './session';
import { settingsOf } from './settings';
import { makeIssue, type TRunResult, type TRunState, type TRuntimeIssue } from './state';
import type { TValue } from './values';

/** The mechanics of one step: run a block safely, apply what it asks, and shape the call's result. */

export const STOP = Symbol('stop');
export type TEntry = { nodeId: string; via: TEntryVia };
export type TAfter = TEntry | null | typeof STOP;

const FEED_KEPT = 500;

export const overBudget = (s: TSession): boolean =>
  s.steps >= s.limits.stepsPerAdvance || s.state.steps >= s.limits.stepsPerRun;

export function countStep(s: TSession, node: TRunNode): void {
  s.steps++;
  s.state.steps++;
  s.state.visits[node.id] = (s.state.visits[node.id] ?? 0) + 1;
  emitEvent(s, { type: 'node', nodeId: node.id, nodeType: node.type });
}

export async function runBlock(
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

export const labelOf = (node: TRunNode): string => settingsOf(node).label;

export function waitingOf(s: TSession, state: TRunState): TWaiting | undefined {
  const at = state.at;
  const node = at && s.g.nodes.get(at.nodeId);
  if (state.status !== 'waiting' || !at?.request || !node) return undefined;
  return { nodeId: node.id, nodeType: node.type, label: labelOf(node), request: at.request };
}

export function result(s: TSession): TRunResult {
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

export function fail(s: TSession, issue: TRuntimeIssue, atNodeId: string | null): TRunResult {
  s.state.status = 'failed';
  s.state.error = issue;
  s.state.at = atNodeId ? { nodeId: atNodeId } : null;
  addIssue(s, issue);
  return result(s);
}

export async function finish(s: TSession): Promise<TRunResult> {
  s.state.status = 'done';
  s.state.at = null;
  await recordStatement(s, { verb: 'completed', result: { completion: true } });
  return result(s);
}

export function pushShow(s: TSession, node: TRunNode, contents: TShowContent[], label: string): void {
  for (const content of contents) {
    s.state.seq++;
    const item = { ...content, key: String(s.state.seq), nodeId: node.id, nodeType: node.type, label };
    s.state.feed.push(item);
    if (s.state.feed.length > FEED_KEPT) s.state.feed.shift();
    s.shown.push(item);
    emitEvent(s, { type: 'shown', item });
  }
}

export function storeOutputs(s: TSession, nodeId: string, outputs: Record<string, TValue>): void {
  const kept = { ...s.state.outputs[nodeId] };
  for (const [handle, value] of Object.entries(outputs)) if (value) kept[handle] = value;
  s.state.outputs[nodeId] = kept;
}

/** The first statement link out of `handleId` whose edge condition holds, or null: the path ends. */
export function nextAlong(s: TSession, node: TRunNode, handleId: string): TEntry | null {
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
