import { next, type TNodeContext, type TNodeExecutor, type TOutcome } from '../executor';
import type { TChatMessage } from '../learner';
import type { TAiMessage } from '../ports';
import { clamp } from '../settings';
import { extractJson, isRecord, type TJson, text } from '../values';
import { ask } from './ai';
import { pathOptions } from './logic';

/**
 * Multi-turn Conversation: a model talks with the learner for up to data.maxTurns learner replies
 * (third form, 5 by default), towards data.goal (first form), then judges the talk against
 * data.passCriteria (second form) and continues on `pass` or `fail` with the chat log and a summary.
 * The transcript lives in the run's memory before each model call, so a failed call loses nothing
 * and `retry` carries on where the talk was.
 */
type TTalk = { messages: TChatMessage[]; turns: number; ended: boolean };

const talkOf = (ctx: TNodeContext): TTalk => {
  const m = ctx.memory();
  if (isRecord(m) && Array.isArray(m.messages) && typeof m.turns === 'number') {
    return { messages: m.messages as TChatMessage[], turns: m.turns, ended: m.ended === true };
  }
  return { messages: [], turns: 0, ended: false };
};

const setup = (ctx: TNodeContext) => ({
  goal: ctx.interpolate(ctx.settings.text(['goal', 'instructions'], 0) ?? ''),
  criteria: ctx.interpolate(ctx.settings.text(['passCriteria', 'criteria'], 1) ?? ''),
  maxTurns: clamp(Math.round(ctx.settings.number(['maxTurns'], 2) ?? 5), 1, 20),
  context: (() => {
    const c = ctx.input('context');
    return c?.type === 'text' ? c.text : '';
  })(),
});

const transcript = (messages: TChatMessage[]): string =>
  messages.map((m) => `${m.role === 'assistant' ? 'Tutor' : 'Learner'}: ${m.text}`).join('\n');

/** The judge's verdict: JSON {passed, summary}, else the words pass / fail in its prose. */
export function readVerdict(answer: string): { passed: boolean; summary: string; parsed: boolean } {
  const json = extractJson(answer);
  if (isRecord(json) && (typeof json.passed === 'boolean' || typeof json.passed === 'string')) {
    const passed = json.passed === true || String(json.passed).toLowerCase() === 'true';
    return { passed, summary: typeof json.summary === 'string' ? json.summary : answer, parsed: true };
  }
  const passed = /\bpass(ed)?\b/i.test(answer) && !/\bfail(ed)?\b/i.test(answer);
  return { passed, summary: answer, parsed: false };
}

async function verdict(ctx: TNodeContext, talk: TTalk): Promise<TOutcome> {
  const { goal, criteria } = setup(ctx);
  const chatlog = transcript(talk.messages);
  const system = [
    'Decide whether the learner met the goal of this conversation.',
    goal && `Goal: ${goal}`,
    criteria && `Pass criteria: ${criteria}`,
    'Reply with JSON only: {"passed": true or false, "summary": "<two or three sentences>"}',
  ]
    .filter(Boolean)
    .join('\n');
  const answer = await ctx.ai({
    purpose: 'conversation-verdict',
    expects: 'json',
    messages: ask(system, chatlog),
  });
  const v = answer === undefined ? { passed: false, summary: '', parsed: true } : readVerdict(answer);
  if (!v.parsed) ctx.issue('ai-unparsable', 'warning', { handleId: 'summary' });
  ctx.remember(undefined);
  await ctx.record({
    verb: v.passed ? 'passed' : 'failed',
    result: { success: v.passed, completion: true, response: v.summary },
    evidence: v.summary || chatlog,
  });
  return next({ chatlog: text(chatlog), summary: text(v.summary) }, v.passed ? 'pass' : 'fail');
}

/** Asks the model for its next message, or ends the talk when the turns are used or the learner ended it. */
async function step(ctx: TNodeContext, talk: TTalk): Promise<TOutcome> {
  const { goal, context, maxTurns } = setup(ctx);
  if (talk.ended || talk.turns >= maxTurns) return verdict(ctx, talk);
  const last = talk.messages.at(-1);
  if (!last || last.role === 'learner') {
    const opening = talk.messages.length === 0 ? ctx.settings.text(['opening', 'firstMessage']) : undefined;
    const history: TAiMessage[] = talk.messages.map((m) => ({
      role: m.role === 'assistant' ? 'assistant' : 'user',
      content: m.text,
    }));
    const system = [
      'You are a tutor in a conversation with a learner. Write one short message at a time and end with a question.',
      goal && `Goal: ${goal}`,
      context && `Context:\n${context}`,
    ]
      .filter(Boolean)
      .join('\n');
    const reply =
      opening !== undefined
        ? ctx.interpolate(opening)
        : await ctx.ai({
            purpose: 'conversation-turn',
            expects: 'text',
            messages: [
              { role: 'system', content: system },
              ...(history.length ? history : [{ role: 'user' as const, content: 'Start the conversation.' }]),
            ],
          });
    if (reply === undefined) return next(undefined, 'fail');
    talk.messages.push({ role: 'assistant', text: reply });
    ctx.remember(talk as unknown as TJson);
  }
  return {
    kind: 'wait',
    request: { kind: 'conversation', messages: talk.messages, turn: talk.turns + 1, maxTurns },
  };
}

const multiTurnConversationNode: TNodeExecutor = {
  run: (ctx) => step(ctx, talkOf(ctx)),
  answer(ctx, answer) {
    const talk = talkOf(ctx);
    if (answer.kind === 'text') {
      talk.messages.push({ role: 'learner', text: answer.text });
      talk.turns++;
    } else talk.ended = true;
    ctx.remember(talk as unknown as TJson);
    return step(ctx, talk);
  },
};

/**
 * Multi-turn Router: a model reads the linked chat log and picks the Show Button path that fits it.
 * Without a model, or when its answer names no path, the learner chooses.
 */
const multiTurnRouterNode: TNodeExecutor = {
  async run(ctx) {
    const options = pathOptions(ctx);
    if (options.length === 0) return next();
    const chatlog = ctx.text('chatlog') ?? '';
    const list = options.map((o, i) => `${i + 1}. ${o.label}`).join('\n');
    const system = `Choose the path that best fits this conversation. Paths:\n${list}\nReply with the path's number only.`;
    const answer = await ctx.ai({ purpose: 'route', expects: 'text', messages: ask(system, chatlog) });
    const n = answer === undefined ? Number.NaN : Number(/\d+/.exec(answer)?.[0]);
    const byLabel = answer && options.find((o) => answer.toLowerCase().includes(o.label.toLowerCase()));
    const chosen = options[n - 1] ?? byLabel;
    if (chosen) return { kind: 'goto', nodeId: chosen.id };
    if (answer !== undefined) ctx.issue('ai-unparsable', 'warning', { handleId: 'branch' });
    return { kind: 'wait', request: { kind: 'choice', prompt: '', options } };
  },
  answer: (_ctx, answer) => (answer.kind === 'choice' ? { kind: 'goto', nodeId: answer.optionId } : next()),
};

export const CONVERSATION_EXECUTORS: Record<string, TNodeExecutor> = {
  multiTurnConversationNode,
  multiTurnRouterNode,
};
