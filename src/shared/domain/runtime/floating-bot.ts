import { makeContext } from './context';
import { PortFailure } from './executor';
import { compileFlow, type TRunFlow } from './graph';
import type { TChatMessage } from './learner';
import { answerQuestion, chatTranscript, keepLog, maxTurnsOf, talkFrom, talkOf } from './nodes/knowledge-bot';
import { openSession, type TRunOptions } from './session';
import { settingsOf } from './settings';
import { isRunState, makeIssue, type TRunState, type TRuntimeIssue } from './state';
import type { TJson } from './values';

/**
 * The Floating Knowledge Bot outside the walk. Once the run has passed the block, the bot floats over
 * every later step: the learner may ask it at any moment without answering the step on screen, so a
 * question is not a `resumeRun` answer but this call beside it. It changes only the bot's memory, the
 * statement counter and usage, never where the run stands; the talk goes to the same journal the
 * Floating Knowledge Bot Chat Log block reads, and each exchange is one `answered` statement.
 */

const FLOATING = 'floatingKnowledgeBotNode';

export type TFloatingBot = {
  nodeId: string;
  label: string;
  /** The greeting, then each question and answer. */
  messages: TChatMessage[];
  /** Questions asked so far, and how many the author allows. */
  asked: number;
  maxTurns: number;
};

export type TFloatingAskResult = {
  /** The new state when the bot answered; the given one, unchanged, otherwise. */
  state: TRunState;
  answer?: string;
  issues: TRuntimeIssue[];
  /** The model failed (network, credits: `detail` is the errorCode): nothing changed, ask again. */
  error?: TRuntimeIssue;
  /** Not asked: the run is over, the bot was not reached, an empty question or no questions left. */
  refused?: TRuntimeIssue;
};

/** The floating bots the run has reached, in the flow's order: those the player keeps on screen. */
export function floatingBots(flow: TRunFlow, state: TRunState | null): TFloatingBot[] {
  if (!state || !isRunState(state) || state.status === 'done') return [];
  const bots: TFloatingBot[] = [];
  for (const node of compileFlow(flow).nodes.values()) {
    if (node.type !== FLOATING || state.memory[node.id] === undefined) continue;
    const settings = settingsOf(node);
    const talk = talkFrom(state.memory[node.id]);
    bots.push({
      nodeId: node.id,
      label: settings.label,
      messages: talk.messages,
      asked: talk.turns,
      maxTurns: maxTurnsOf(settings),
    });
  }
  return bots;
}

/** Asks the floating bot `nodeId` one question. Never throws; the given state is not changed. */
export async function askFloatingBot(
  flow: TRunFlow,
  state: TRunState,
  nodeId: string,
  question: string,
  opts: TRunOptions,
): Promise<TFloatingAskResult> {
  const refuse = (code: 'run-finished' | 'answer-refused', detail?: string): TFloatingAskResult => ({
    state,
    issues: [],
    refused: makeIssue(code, 'warning', { nodeId, detail }),
  });
  if (!isRunState(state) || state.status === 'done') return refuse('run-finished');
  const asked = question.trim();
  if (!asked) return refuse('answer-refused', 'question');
  const bot = floatingBots(flow, state).find((b) => b.nodeId === nodeId);
  if (!bot) return refuse('answer-refused', 'not-reached');
  if (bot.asked >= bot.maxTurns) return refuse('answer-refused', 'maxTurns');

  const draft = JSON.parse(JSON.stringify(state)) as TRunState;
  const s = openSession(flow, draft, opts);
  const node = s.g.nodes.get(nodeId);
  if (!node) return refuse('answer-refused', 'not-reached');
  const ctx = makeContext(s, node, 'statement');
  const talk = talkOf(ctx);
  talk.messages.push({ role: 'learner', text: asked });
  talk.turns++;
  const failed = (error: TRuntimeIssue): TFloatingAskResult => ({ state, issues: s.issues, error });
  let reply: string | undefined;
  try {
    reply = await answerQuestion(ctx, talk);
  } catch (error) {
    if (error instanceof PortFailure) return failed(error.issue);
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    return failed(makeIssue('internal', 'error', { nodeId, detail }));
  }
  // No AI port (a preview with nothing behind it): the runtime reported it; nothing is kept.
  if (reply === undefined) return failed(makeIssue('port-missing', 'error', { nodeId, detail: 'ai' }));
  talk.messages.push({ role: 'assistant', text: reply });
  ctx.remember(talk as unknown as TJson);
  try {
    await keepLog(ctx, talk);
    await ctx.record({
      verb: 'answered',
      result: { response: asked.slice(0, 4000) },
      evidence: chatTranscript(talk.messages.slice(-2)),
    });
  } catch (error) {
    // The answer is the learner's already: a log or a statement that failed is reported, not lost.
    ctx.issue('internal', 'warning', { detail: error instanceof Error ? error.message.slice(0, 300) : '' });
  }
  draft.updatedAt = opts.ports.clock.now();
  return { state: draft, answer: reply, issues: s.issues };
}
