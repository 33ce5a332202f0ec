/**
 * How a phone follows the teacher's step in a live lesson (pure: the player's hook and the tests use
 * it). A live session counts steps as the flow's blocks but its start (the server's `step_count`);
 * `liveStepNodes` puts those blocks in the order a class meets them: along the links from the start,
 * each link in the flow's order, then any block no link reaches. The run itself walks the flow as
 * always; the phone only holds it: a block whose step is past the teacher's is neither shown nor
 * answered until the teacher gets there (or allows working ahead).
 */
import { liveQuizAnswerOf, type TLiveChartAnswer } from './quiz-answer';

type TStepFlow = {
  nodes: ReadonlyArray<{ id: string; type?: string }>;
  edges: ReadonlyArray<{ source: string; target: string }>;
};

export const LIVE_START_TYPE = 'beginNode';

/** The flow's blocks but its start, in step order (index = the live step). */
export function liveStepNodes(flow: TStepFlow): string[] {
  const ids = new Set(flow.nodes.map((n) => n.id));
  const next = new Map<string, string[]>();
  for (const e of flow.edges) {
    if (!ids.has(e.source) || !ids.has(e.target)) continue;
    next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  }
  const start = flow.nodes.find((n) => n.type === LIVE_START_TYPE);
  const order: string[] = [];
  const seen = new Set<string>(start ? [start.id] : []);
  // Depth first along the links, so a branch's blocks stay together; a stack avoids deep recursion.
  const stack = start ? [...(next.get(start.id) ?? [])].reverse() : [];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    order.push(id);
    for (const to of [...(next.get(id) ?? [])].reverse()) if (!seen.has(to)) stack.push(to);
  }
  for (const n of flow.nodes) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    order.push(n.id);
  }
  return order;
}

/** The teacher's side of the lesson a phone needs. */
export type TLiveStep = { step: number; workAhead: boolean; answersOpen: boolean; ended: boolean };

/**
 * What the phone does with the block the run waits at: `go` (show and answer it), `hold` (its step
 * is past the teacher's: "waiting for your teacher"), `free` (no lesson on, or a block with no step:
 * the run goes on as it does without a lesson).
 */
export function followStep(live: TLiveStep | null, nodeStep: number): 'go' | 'hold' | 'free' {
  if (!live || live.ended || nodeStep < 0) return 'free';
  if (nodeStep > live.step && !live.workAhead) return 'hold';
  return 'go';
}

/** The feed items the phone shows: none of a block past the teacher's step (unless working ahead). */
export function followedFeed<T extends { nodeId: string }>(
  feed: ReadonlyArray<T>,
  steps: ReadonlyArray<string>,
  live: TLiveStep | null,
): T[] {
  if (!live || live.ended || live.workAhead) return [...feed];
  return feed.filter((item) => steps.indexOf(item.nodeId) <= live.step);
}

/** The requests whose answers the projector's chart shows (a choice, a text, every question of a quiz). */
export const isChartRequest = (request: { kind: string }): boolean =>
  request.kind === 'choice' || request.kind === 'text' || request.kind === 'quiz';

/**
 * What the projector's chart gets from an answer: the label of a chosen option (the chart counts
 * labels, never ids), or the text; null for answers a live chart does not show (Next, a photo…).
 */
export function liveAnswerOf(
  request: {
    kind: string;
    options?: ReadonlyArray<{ id: string; label: string }>;
    questions?: ReadonlyArray<{ id: string; kind: string; options: ReadonlyArray<string> }>;
  },
  answer: { kind: string; optionId?: string; text?: string; responses?: Record<string, string | string[]> },
): TLiveChartAnswer | null {
  if (request.kind === 'quiz' && answer.kind === 'quiz') return liveQuizAnswerOf(request, answer.responses);
  if (request.kind === 'choice' && answer.kind === 'choice') {
    const label = request.options?.find((o) => o.id === answer.optionId)?.label ?? answer.optionId;
    return label ? { choices: [label.slice(0, 200)] } : null;
  }
  if (request.kind === 'text' && answer.kind === 'text' && answer.text?.trim())
    return { text: answer.text.slice(0, 2000) };
  return null;
}

/**
 * Where a phone behind the teacher goes (it joined late, reconnected, or was still on an earlier
 * step when the teacher moved on): straight to the teacher's step, the steps in between skipped for
 * this run. Null when the phone is not behind, or the run waits at no step (a lesson's end frees it).
 */
export function catchUpTo(
  live: TLiveStep | null,
  steps: ReadonlyArray<string>,
  nodeStep: number,
): { nodeId: string; skipped: string[] } | null {
  if (!live || live.ended || nodeStep < 0 || nodeStep >= live.step) return null;
  const nodeId = steps[live.step];
  return nodeId ? { nodeId, skipped: steps.slice(nodeStep, live.step) } : null;
}
