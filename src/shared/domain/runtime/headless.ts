import { compileFlow, type TRunFlow } from './graph';
import type { TLearnerAnswer, TShowItem, TWaiting } from './learner';
import { parseAnswer } from './learner';
import type { TInputProvider } from './ports';
import type { TRunOptions } from './session';
import { makeIssue, type TRunResult, type TRunState, type TRunStatus, type TRuntimeIssue } from './state';
import { isRecord, type TJson, type TValue } from './values';
import { resumeRun, startRun } from './walker';

/**
 * Headless runs (automation tasks on the server): the same walk, with no learner. Content never waits
 * for Next, buttons press themselves, Wait blocks sleep on the clock port, and every other request is
 * answered by an input provider, normally jsonInputProvider over the task's input JSON.
 */
export type THeadlessResult = {
  status: TRunStatus;
  /** The run's state: when input ran out it still waits at that block, so more input can resume it. */
  state: TRunState;
  /** Every block's outputs as plain JSON (texts, JSON, URLs), by node id. */
  outputs: Record<string, { nodeType: string; label: string; values: Record<string, TJson> }>;
  variables: Record<string, string>;
  /** Everything the flow showed (what a learner would have seen). */
  shown: TShowItem[];
  issues: TRuntimeIssue[];
  error?: TRuntimeIssue;
  /** The request the input had no answer for (error 'answer-required') or a refused one. */
  unanswered?: TWaiting;
  usage: TRunState['usage'];
  jump?: { flowId: string };
};

/** A value as plain JSON for an API answer: texts as strings, media as URLs. */
export function plainValue(v: TValue): TJson {
  switch (v.type) {
    case 'text':
      return v.text;
    case 'json':
      return v.json;
    case 'knowledge':
      return { bankId: v.bankId, text: v.text };
    case 'bank':
      return v.bankId;
    case 'csv':
      return v.rows;
    case 'xApiStatement':
      return v.statement as unknown as TJson;
    default:
      return v.url;
  }
}

const findKey = (record: Record<string, unknown>, ...names: string[]): unknown => {
  for (const name of names) if (Object.hasOwn(record, name)) return record[name];
  const lower = names.map((n) => n.toLowerCase());
  const key = Object.keys(record).find((k) => lower.includes(k.toLowerCase()));
  return key === undefined ? undefined : record[key];
};

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** The answer a value gives to a request; arrays give one value per visit of the block. */
function answerFrom(w: TWaiting, value: unknown, attempt: number): TLearnerAnswer | undefined {
  const r = w.request;
  if (r.kind === 'conversation') {
    const turns = Array.isArray(value) ? value : [value];
    const said = scalar(turns[attempt]);
    return said === undefined ? { kind: 'end' } : { kind: 'text', text: said };
  }
  const v = Array.isArray(value) && r.kind !== 'quiz' && r.kind !== 'form' ? value[attempt] : value;
  if (isRecord(v) && typeof v.kind === 'string') return parseAnswer(v);
  switch (r.kind) {
    case 'text': {
      const s = scalar(v);
      return s === undefined ? undefined : { kind: 'text', text: s };
    }
    case 'media':
    case 'draw':
      return parseAnswer(isRecord(v) ? { ...v, kind: 'media' } : { kind: 'media', url: v });
    case 'form': {
      if (!isRecord(v)) return undefined;
      const values = Object.fromEntries(r.fields.map((f) => [f.id, scalar(findKey(v, f.id, f.label)) ?? '']));
      return { kind: 'form', values };
    }
    case 'quiz': {
      if (!isRecord(v)) return undefined;
      const responses: Record<string, unknown> = {};
      for (const q of r.questions) responses[q.id] = findKey(v, q.id, q.prompt);
      return parseAnswer({ kind: 'quiz', responses });
    }
    case 'choice': {
      const s = scalar(v)?.trim().toLowerCase();
      const option = r.options.find((o) => o.id.toLowerCase() === s || o.label.trim().toLowerCase() === s);
      return option ? { kind: 'choice', optionId: option.id } : undefined;
    }
    default:
      return { kind: 'continue' };
  }
}

/**
 * Answers from a task's input JSON, keyed by the block's node id or its label (case-insensitive):
 *   { "Your name": "Ada", "Quiz": { "q1": "B" }, "Photo": "https://…", "Chat": ["Hi", "I think…"],
 *     "Pick a path": "Harder questions" }
 * A value may also be a full answer object ({"kind": "text", "text": "…"}).
 */
export function jsonInputProvider(input: unknown): TInputProvider {
  const record = isRecord(input) ? input : {};
  return {
    answer(w, attempt) {
      const value = findKey(record, w.nodeId, w.label);
      return value === undefined ? undefined : answerFrom(w, value, attempt);
    },
  };
}

const AUTOMATIC: ReadonlySet<string> = new Set(['continue', 'button', 'timer']);

function summarise(
  flow: TRunFlow,
  r: TRunResult,
  extra: { error?: TRuntimeIssue; unanswered?: TWaiting } = {},
): THeadlessResult {
  const { state } = r;
  const nodes = compileFlow(flow).nodes;
  const outputs: THeadlessResult['outputs'] = {};
  for (const [nodeId, values] of Object.entries(state.outputs)) {
    const node = nodes.get(nodeId);
    const label = node && typeof node.data.label === 'string' ? node.data.label : '';
    outputs[nodeId] = {
      nodeType: node?.type ?? '',
      label,
      values: Object.fromEntries(Object.entries(values).map(([h, v]) => [h, plainValue(v)])),
    };
  }
  const error = extra.error ?? r.error;
  return {
    status: extra.error ? 'failed' : r.status,
    state,
    outputs,
    variables: state.variables,
    shown: state.feed,
    issues: state.issues,
    ...(error ? { error } : {}),
    ...(extra.unanswered ? { unanswered: extra.unanswered } : {}),
    usage: state.usage,
    ...(state.jump ? { jump: state.jump } : {}),
  };
}

export async function runHeadless(
  flow: TRunFlow,
  input: TInputProvider,
  opts: Omit<TRunOptions, 'headless'> & { maxAnswers?: number },
): Promise<THeadlessResult> {
  const options: TRunOptions = { ...opts, headless: true };
  const maxAnswers = opts.maxAnswers ?? 1000;
  const visits = new Map<string, number>();
  let r = await startRun(flow, options);
  for (let answered = 0; r.status === 'waiting' && r.waiting; answered++) {
    const w = r.waiting;
    const attempt = visits.get(w.nodeId) ?? 0;
    visits.set(w.nodeId, attempt + 1);
    let answer: TLearnerAnswer | undefined;
    try {
      answer = AUTOMATIC.has(w.request.kind) ? { kind: 'continue' } : input.answer(w, attempt);
    } catch {
      answer = undefined;
    }
    if (!answer || answered >= maxAnswers) {
      const error = makeIssue('answer-required', 'error', {
        nodeId: w.nodeId,
        nodeType: w.nodeType,
        detail: w.label,
      });
      return summarise(flow, r, { error, unanswered: w });
    }
    const after = await resumeRun(flow, r.state, answer, options);
    if (after.refused)
      return summarise(flow, after, { error: { ...after.refused, severity: 'error' }, unanswered: w });
    r = after;
  }
  return summarise(flow, r);
}
