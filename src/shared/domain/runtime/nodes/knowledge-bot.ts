import { next, type TNodeContext, type TNodeExecutor, type TOutcome } from '../executor';
import type { TChatMessage } from '../learner';
import type { TAiMessage } from '../ports';
import { clamp, settingsOf, type TSettings } from '../settings';
import { isRecord, type TJson, text } from '../values';

/**
 * Knowledge bots: a conversation in which the model answers the learner's questions from
 * the linked knowledge bank. Every turn carries the bank id (`knowledgeBankIds`): the host retrieves
 * the best passages and hands them to the model numbered, so answers cite [1], [2]… and end with
 * their sources. The talk is kept per learner in a journal named after the bot (the journals port:
 * the learner's own, on any device, in the player and in automation tasks), which the chat-log block
 * reads back. Knowledge Bot answers the chat log on its output; the floating bot only keeps it, and
 * floats: it waits for nobody (see floatingBot).
 */

/** The journal that keeps a bot's conversation, by the bot's label (what the chat-log block names). */
export const botJournalName = (label: string) => `Knowledge bot: ${label}`.slice(0, 200);

export type TTalk = { messages: TChatMessage[]; turns: number; ended: boolean };

/** A bot's talk from its memory in the run (none yet: an empty talk). */
export const talkFrom = (m: TJson | undefined): TTalk => {
  if (isRecord(m) && Array.isArray(m.messages) && typeof m.turns === 'number')
    return { messages: m.messages as TChatMessage[], turns: m.turns, ended: m.ended === true };
  return { messages: [], turns: 0, ended: false };
};

export const talkOf = (ctx: TNodeContext): TTalk => talkFrom(ctx.memory());

export const chatTranscript = (messages: TChatMessage[]): string =>
  messages.map((m) => `${m.role === 'assistant' ? 'Bot' : 'Learner'}: ${m.text}`).join('\n');

/** The bank ids linked to the bot (a Knowledge Bank's `bank` output), else its own `bankId` setting. */
function banksOf(ctx: TNodeContext): string[] {
  const linked = ctx.input('bank');
  if (linked?.type === 'bank' || linked?.type === 'knowledge') return [linked.bankId];
  const own = ctx.settings.text(['bankId', 'knowledgeBankId']);
  return own ? [own] : [];
}

const SYSTEM = [
  'You are a helpful study assistant. Answer the learner only from the passages of the knowledge bank you',
  'are given, citing them by number in square brackets. When they do not hold the answer, say so briefly.',
  'Keep answers short enough to read on a phone.',
].join(' ');

export async function keepLog(ctx: TNodeContext, talk: TTalk): Promise<void> {
  if (!ctx.ports.journals || talk.messages.length === 0) return;
  try {
    await ctx.ports.journals.write(botJournalName(ctx.label), chatTranscript(talk.messages), {
      nodeId: ctx.node.id,
      nodeType: ctx.node.type,
    });
  } catch {
    // The talk is in the run's memory and answered on the output; a journal that failed to save is reported.
    ctx.issue('journal-failed', 'warning', { detail: 'knowledge-bot' });
  }
}

async function finish(ctx: TNodeContext, talk: TTalk): Promise<TOutcome> {
  const chatlog = chatTranscript(talk.messages);
  ctx.remember(undefined);
  await ctx.record({
    verb: 'answered',
    result: { completion: true, response: chatlog.slice(0, 4000) },
    evidence: chatlog,
  });
  // Only Knowledge Bot has a chat log output; the floating bot's log is read by the chat-log block.
  return next(chatlog && ctx.node.type === 'knowledgeBotNode' ? { chatlog: text(chatlog) } : undefined);
}

/** Questions the learner may ask (form 2, 10, at most 50), so a bot cannot spend a class's credits. */
export const maxTurnsOf = (settings: TSettings): number =>
  clamp(Math.round(settings.number(['maxTurns'], 1) ?? 10), 1, 50);

/** The bot's first words (form 1), its own and not the model's. */
export function greet(ctx: TNodeContext, talk: TTalk): void {
  const greeting = ctx.settings.text(['greeting', 'opening', 'firstMessage'], 0);
  talk.messages.push({
    role: 'assistant',
    text: greeting ? ctx.interpolate(greeting) : 'Ask me anything about the documents of this activity.',
  });
}

/** Answers the learner's last question (its answer too when it was the last turn), then waits or ends. */
async function step(ctx: TNodeContext, talk: TTalk): Promise<TOutcome> {
  const maxTurns = maxTurnsOf(ctx.settings);
  if (talk.messages.length === 0) greet(ctx, talk);
  else if (!talk.ended && talk.messages.at(-1)?.role === 'learner') {
    const reply = await answerQuestion(ctx, talk);
    if (reply === undefined) return finish(ctx, talk);
    talk.messages.push({ role: 'assistant', text: reply });
    await keepLog(ctx, talk);
  }
  if (talk.ended || talk.turns >= maxTurns) return finish(ctx, talk);
  ctx.remember(talk as unknown as TJson);
  return {
    kind: 'wait',
    request: { kind: 'conversation', messages: talk.messages, turn: talk.turns + 1, maxTurns },
  };
}

export function answerQuestion(ctx: TNodeContext, talk: TTalk): Promise<string | undefined> {
  const bankIds = banksOf(ctx);
  if (!bankIds.length) ctx.issue('setting-invalid', 'warning', { detail: 'bankId' });
  // The greeting is the bot's own words, not the model's: the history starts at the first question.
  const history: TAiMessage[] = talk.messages.slice(1).map((m) => ({
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.text,
  }));
  const model = ctx.settings.text(['model'])?.trim();
  return ctx.ai({
    purpose: 'conversation-turn',
    expects: 'text',
    messages: [{ role: 'system', content: SYSTEM }, ...history],
    ...(model ? { model } : {}),
    ...(bankIds.length ? { knowledgeBankIds: bankIds } : {}),
  });
}

/**
 * Floating Knowledge Bot: it is no step. Reached, it greets into the run's memory and the walk goes on at
 * once; from then on the player offers it over every step (its memory is the sign it floats) and asks
 * it through askFloatingBot (../floating-bot.ts). Reached again (a loop), the talk so far is kept.
 */
const floatingBot: TNodeExecutor = {
  run(ctx) {
    const talk = talkOf(ctx);
    if (talk.messages.length === 0) greet(ctx, talk);
    ctx.remember(talk as unknown as TJson);
    return next();
  },
};

const knowledgeBot: TNodeExecutor = {
  run: (ctx) => step(ctx, talkOf(ctx)),
  answer(ctx, answer) {
    const talk = talkOf(ctx);
    if (answer.kind === 'text' && answer.text.trim()) {
      talk.messages.push({ role: 'learner', text: answer.text });
      talk.turns++;
    } else talk.ended = true;
    ctx.remember(talk as unknown as TJson);
    return step(ctx, talk);
  },
};

/**
 * Floating Knowledge Bot Chat Log: the floating bot's conversation, from the learner's journal. The bot
 * is named by data.botLabel (first form), else the flow's first Floating Knowledge Bot.
 */
const readBotLog: TNodeExecutor = {
  async run(ctx) {
    const named = ctx.settings.text(['botLabel', 'botName'], 0)?.trim();
    const floating = [...ctx.graph.nodes.values()].find((n) => n.type === 'floatingKnowledgeBotNode');
    const bot = named || (floating ? settingsOf(floating).label : 'Floating Knowledge Bot');
    if (!ctx.ports.journals) {
      ctx.issue('port-missing', 'warning', { detail: 'journals' });
      return next({ chatlog: text('') });
    }
    const journal = await ctx.ports.journals.read(botJournalName(bot)).catch(() => null);
    return next({ chatlog: text(journal?.content ?? '') });
  },
};

export const KNOWLEDGE_BOT_EXECUTORS: Record<string, TNodeExecutor> = {
  knowledgeBotNode: knowledgeBot,
  floatingKnowledgeBotNode: floatingBot,
  reteriveFloatingKnowledgeBotConversationChatLog: readBotLog,
};
