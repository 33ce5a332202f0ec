import type { TChatAnswer, TChatRequest } from '../../shared/contract/chat';
import { formatCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import {
  DEFAULT_CHAT_MODEL,
  modelByCode,
  modelOptions,
  type TOrgModelSettings,
} from '../../shared/domain/models';
import { priceCall } from '../../shared/domain/models/pricing';
import { type AiChunk, type AiMessage, AiProviderError, isAbortError } from '../adapters/ai/ai';
import { createFileStorage } from '../adapters/storage/storage';
import { boundFor, modelOf, promptTokens, tokensOf } from '../credits/ai-usage';
import { createCreditsService, type TWalletOwner } from '../credits/credits.service';
import { abortedWith } from '../http/abort';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, notFound } from '../http/errors';
import { findOrgModels } from '../models/models.repo';
import { findMembership } from '../orgs/orgs.repo';
import type { Caller } from '../tools/caller';
import {
  type Conversation,
  type ConversationRow,
  conversationOf,
  conversationRead,
  findConversation,
  saveAnswer,
  saveQuestion,
} from './chat.repo';
import { LAST_MESSAGE_MAX } from './chat.service';
import { type ChatTurn, withImages } from './chat-images';
import { createMeter } from './chat-meter';

/** Output tokens held per block (first block with the prompt, then one more each time it fills). */
export const OUTPUT_BLOCK_TOKENS = 1000;
/** Tokens of conversation the early hold allows for (about 8 KB of text); a longer one is topped up. */
const EARLY_HISTORY_TOKENS = 2000;
/** Messages of the conversation sent with a new question (older ones are left out). */
const CONTEXT_MESSAGES = 40;

/** The conversation seen by the model of `modelIdx`, up to `upTo` (all when null): user messages and its own answers. */
function contextOf(rows: ConversationRow[], upTo: string | null, modelIdx: number): ChatTurn[] {
  const end = upTo ? rows.findIndex((r) => r.id === upTo) : rows.length - 1;
  const messages: ChatTurn[] = [];
  for (const r of rows.slice(0, end + 1)) {
    if (r.role === 'user') messages.push({ role: 'user', content: r.content, mediaIds: r.mediaIds ?? [] });
    else if ((r.modelIdx ?? 0) === modelIdx && r.content)
      messages.push({ role: 'assistant', content: r.content });
  }
  return messages.slice(-CONTEXT_MESSAGES);
}

export interface AnswerSink {
  content(text: string): void;
  reasoning(text: string): void;
}

/** A credit error that stopped an answer half-way (spec 03 §8): the stream reports it, then ends. */
export class StreamCreditError extends AppError {}

/**
 * POST /api/chat-with-ai: one model's answer to the user's message. `prepare` checks everything,
 * loads the conversation, holds the first block of credits and only then starts the provider
 * request; errors there are ordinary HTTP errors. The user message is written in the background
 * after the first token. `run` streams to the sink and ends with the answer saved and its real cost
 * settled.
 */
export function createChatAnswerService(deps: AppDeps) {
  const db = deps.database.db;
  const credits = createCreditsService(deps);
  const storage = deps.storage ?? createFileStorage(deps.env, deps.logger);

  /** The organisation's chat models: 400 when the model is unknown or switched off there. */
  function requireModel(settings: TOrgModelSettings, code: string) {
    const option = modelOptions('chat', settings).find((o) => o.code === code);
    if (!option || option.disabled) throw badRequest(`model: '${code}' is not available for chat`);
    return modelByCode(code)?.providerModel ?? code;
  }

  /**
   * The first hold, asked for at once with room for a short history (EARLY_HISTORY_TOKENS), with the
   * conversation read in the same statement (one round trip: the time to first token waits on it).
   * The hold is null when it does not apply (no price, images) or was refused; the exact hold follows
   * the reads in any case. A failed combined statement falls back to the plain read.
   */
  function earlyHoldAndRead(caller: Caller, body: TChatRequest, priced: string | null, key: string) {
    const read = (): Promise<Conversation | null> =>
      body.chatId ? findConversation(db, caller.userId, body.chatId) : Promise.resolve(null);
    if (!priced || body.mediaIds.length) return { hold: Promise.resolve(null), read: read() };
    const input = {
      payer: caller.orgId
        ? { kind: 'org' as const, orgId: caller.orgId }
        : { kind: 'user' as const, userId: caller.userId },
      upTo: boundFor(
        priced,
        [{ role: 'user', content: body.query }],
        OUTPUT_BLOCK_TOKENS + EARLY_HISTORY_TOKENS,
      ),
      reference: body.chatId ? `chat:${body.chatId}` : 'chat',
      idempotencyKey: `${key}:hold:early`,
      by: caller.userId,
    };
    if (!body.chatId) return { hold: credits.reserve(input).catch(() => null), read: read() };
    const both = credits.reserveAlong(input, conversationRead(caller.userId, body.chatId)).catch(() => null);
    return {
      hold: both.then((b) => b?.reservation ?? null),
      read: both.then((b) => (b ? conversationOf(b.row) : read())),
    };
  }

  /** The session, the model and the messages for the provider, or the HTTP error that stops here. */
  async function conversation(
    caller: Caller,
    body: TChatRequest,
    code: string,
    read: Promise<Conversation | null>,
  ) {
    const payerOf = (orgId: string | null): TWalletOwner =>
      orgId ? { kind: 'org', orgId } : { kind: 'user', userId: caller.userId };
    // Everything the provider request needs, read at once (the time to first token waits on it):
    // the session with its history in one statement, and the model settings of the caller's space.
    // The wallet is not read: the first hold, taken before the provider is asked, has the last word.
    const settingsOf = (orgId: string | null) =>
      orgId ? findOrgModels(db, orgId).then((s) => s ?? {}) : Promise.resolve({});
    const [found, spaceSettings] = await Promise.all([read, settingsOf(caller.orgId)]);
    if (body.chatId && !found) throw notFound('Chat');
    const session = found?.session ?? null;
    const rows = found?.rows ?? [];
    const orgId = session ? session.orgId : caller.orgId;
    let settings: TOrgModelSettings = spaceSettings;
    if (orgId !== caller.orgId) {
      // A chat of another space than the header's: its organisation pays, if the caller is still in it.
      if (orgId && !(await findMembership(db, orgId, caller.userId))) throw notFound('Chat');
      settings = await settingsOf(orgId);
    }
    const providerModel = requireModel(settings, code);
    let userHistoryId: string | null = null;
    let turns: ChatTurn[] = [{ role: 'user', content: body.query, mediaIds: body.mediaIds }];
    let questionMedia = body.mediaIds;
    let userRow: Omit<Parameters<typeof saveQuestion>[1], 'lastMessage'> | null = null;
    if (session) {
      if (body.parentHistoryId) {
        const parent = rows.find((r) => r.id === body.parentHistoryId);
        if (parent?.role !== 'user') throw badRequest('parentHistoryId: no such user message in this chat');
        userHistoryId = parent.id;
        turns = contextOf(rows, parent.id, body.modelIdx);
        questionMedia = parent.mediaIds ?? [];
      } else {
        userHistoryId = newId();
        userRow = {
          id: userHistoryId,
          chatId: session.id,
          content: body.query,
          mediaIds: body.mediaIds,
          at: new Date(),
        };
        turns = [...contextOf(rows, null, body.modelIdx), turns[0]];
      }
    }
    // Attached images go to the model as content parts (no query at all without attachments).
    const messages = await withImages(db, storage, turns, { userId: caller.userId, orgId }, questionMedia);
    return { session, orgId, payer: payerOf(orgId), providerModel, userHistoryId, userRow, messages };
  }

  /**
   * `system` is background the caller's route builds (the dashboard's statements): it goes to the
   * provider as a system message before the conversation, so the user message stays the user's own
   * words (what a provider weighs as the question, and what the offline placeholder repeats). It is
   * counted in every hold like the rest of the prompt; nothing of it is saved in a chat.
   */
  async function prepare(
    caller: Caller,
    body: TChatRequest,
    clientSignal: AbortSignal,
    options: { system?: string } = {},
  ) {
    const code = body.model ?? DEFAULT_CHAT_MODEL;
    const priced = modelOf(deps.ai, code, deps.env.AI_MODEL);
    const answerId = newId();
    const { hold: early, read } = earlyHoldAndRead(caller, body, priced, `chat:${answerId}`);
    const dropEarly = async () => {
      const pre = await early;
      if (pre) await credits.release(pre.id).catch(() => undefined);
    };
    const conv = await conversation(caller, body, code, read).catch(async (error: unknown) => {
      await dropEarly();
      throw error;
    });
    const { session, providerModel, userHistoryId } = conv;
    const messages: AiMessage[] = options.system
      ? [{ role: 'system', content: options.system }, ...conv.messages]
      : conv.messages;
    let { userRow } = conv;
    const meter = createMeter(credits, {
      payer: conv.payer,
      key: `chat:${answerId}`,
      reference: session ? `chat:${session.id}` : 'chat',
      by: caller.userId,
    });
    const firstHold = boundFor(priced, messages, OUTPUT_BLOCK_TOKENS);
    // Money first: the first block is held before the provider is asked, so no call runs unpaid and a
    // wallet that cannot hold it is refused with an HTTP error (spec 03 §8). The early hold counts
    // when its wallet pays; what it lacks (a long conversation) is held now.
    if (conv.orgId === caller.orgId) {
      const pre = await early;
      if (pre) meter.adopt(pre);
    } else await dropEarly();
    await meter.reserve(firstHold - meter.held).catch(async (error: unknown) => {
      await meter.release();
      throw error;
    });
    const upstream = abortedWith(clientSignal);
    const signal = upstream.signal;
    const iterator = deps.ai.stream({ model: providerModel, messages, signal })[Symbol.asyncIterator]();
    // The provider request starts now. The user message is written right after the first token has
    // been passed on (PGlite runs queries on the event loop, so even a write "in parallel" would delay
    // it), or once the provider ends without one; the answer waits for it before it is saved.
    const first = iterator.next();
    first.catch(() => undefined);
    let saveUser: Promise<unknown> = Promise.resolve();
    const startSave = () => {
      if (!userRow) return;
      const row = userRow;
      userRow = null;
      saveUser = saveQuestion(db, { ...row, lastMessage: body.query.slice(0, LAST_MESSAGE_MAX) });
      saveUser.catch(() => undefined);
    };
    let behind: Promise<void> | null = null;
    /** After the event loop has turned once (the token is on the socket): the user message. */
    const writeBehind = () => {
      behind ??= new Promise<void>((resolve) => setImmediate(resolve)).then(startSave);
      return behind;
    };
    const inputTokens = promptTokens(messages);
    const block = boundFor(priced, [], OUTPUT_BLOCK_TOKENS);
    const estimate = (text: string) =>
      priced ? priceCall(priced, { inputTokens, outputTokens: tokensOf(text) }) : 0n;

    async function run(sink: AnswerSink): Promise<TChatAnswer> {
      let content = '';
      let reasoning = '';
      let usage: { inputTokens: number; outputTokens: number } | null = null;
      let stopped = false;
      let creditError: AppError | null = null;
      let next: Promise<IteratorResult<AiChunk>> = first;
      try {
        for (let r = await next; !r.done; r = await next) {
          const chunk = r.value;
          if (chunk.type === 'text') {
            content += chunk.text;
            sink.content(chunk.text);
          } else if (chunk.type === 'reasoning') {
            reasoning += chunk.text;
            sink.reasoning(chunk.text);
          } else if (chunk.type === 'usage') {
            usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
          }
          await writeBehind();
          if (chunk.type === 'text' || chunk.type === 'reasoning') {
            try {
              await meter.cover(estimate(reasoning + content), block);
            } catch (error) {
              creditError = error instanceof AppError ? error : new AiProviderError(String(error));
              upstream.abort();
              break;
            }
          }
          next = iterator.next();
        }
      } catch (error) {
        startSave();
        if (!isAbortError(error)) {
          await meter.release();
          throw error;
        }
        if (!clientSignal.aborted && !creditError) {
          await meter.release();
          throw new AiProviderError('AI provider error: the answer was cut off');
        }
        stopped = true;
      }
      if (creditError) {
        stopped = true;
        await iterator.return?.(undefined).catch(() => undefined);
      }
      const used = usage ?? { inputTokens, outputTokens: tokensOf(reasoning + content) };
      await writeBehind();
      await saveUser;
      const charged = priced ? await meter.settle(priceCall(priced, used)) : 0n;
      let historyId: string | null = null;
      if (session && (content || reasoning)) {
        await saveAnswer(db, {
          id: answerId,
          chatId: session.id,
          parentId: userHistoryId,
          content,
          model: code,
          modelIdx: body.modelIdx,
          reasoning,
          cost: formatCredits(charged),
          at: new Date(),
        });
        historyId = answerId;
      }
      if (creditError) throw new StreamCreditError(creditError.code, creditError.status, creditError.message);
      return {
        content,
        reasoningContent: reasoning,
        model: code,
        modelIdx: body.modelIdx,
        chatId: session?.id ?? null,
        historyId,
        userHistoryId,
        cost: formatCredits(charged),
        usage: used,
        provider: deps.ai.id,
        stopped,
      };
    }

    return { run, paid: firstHold > 0n, abort: () => upstream.abort() };
  }

  return { prepare };
}
