import { z } from 'zod';
import { zText } from './text';

/**
 * Contract of the AI chat (spec 03 §1–§9).
 *
 *   GET    /api/chat-with-ai/history?keyword=&chatId=&orgId=   → TChatListResponse (the caller's own sessions)
 *   POST   /api/chat-with-ai/chat        TCreateChatRequest     → { chat: TChatSession } (201)
 *   POST   /api/chat-with-ai/history     TSaveHistoryRequest    → { histories: TChatHistory[] }
 *   PUT    /api/chat-with-ai/:chatId     TRenameChatRequest     → { chat: TChatSession }
 *   DELETE /api/chat-with-ai/:chatId (also ?chatId= and ?_id=)  → { message }
 *   POST   /api/chat-with-ai             TChatRequest           → TChatAnswer as JSON, or server-sent events
 *     when `Accept: text/event-stream` (or body.stream): `data: {"reasoningContent": "…"}`,
 *     `data: {"content": "…"}`, then `data: {"done": true, …TChatAnswer}` or
 *     `data: {"error": {"message", "errorCode"}}`, and always `data: [DONE]` last.
 */
export const CHAT_TITLE_MAX = 200;
export const CHAT_QUERY_MAX = 100_000;
/** Spec 03 §9: at most two models answer one message. */
export const CHAT_MAX_MODELS = 2;

const zId = () => zText().regex(/^[0-9a-f]{24}$/, 'must be an id of 24 hexadecimal characters');
const zOrg = () => zText().trim().max(40).optional();

export const ZChatHistory = z.object({
  _id: zText(),
  id: zText(),
  chatId: zText(),
  parentHistoryId: zText().nullable(),
  role: z.enum(['user', 'assistant']),
  content: zText(),
  model: zText().nullable(),
  modelIdx: z.number().int().nullable(),
  mediaIds: z.array(zText()),
  reasoningContent: zText(),
  /** Credits the answer cost, as an exact decimal ('0' for a user message or a free model). */
  cost: zText(),
  createdAt: zText(),
});
export type TChatHistory = z.infer<typeof ZChatHistory>;

export const ZChatSession = z.object({
  _id: zText(),
  id: zText(),
  chatId: zText(),
  title: zText(),
  lastMessage: zText(),
  orgId: zText().nullable(),
  model: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
  timestamp: zText(),
  histories: z.array(ZChatHistory).optional(),
});
export type TChatSession = z.infer<typeof ZChatSession>;

export const ZChatListQuery = z.object({
  keyword: zText().trim().max(200).optional(),
  chatId: zId().optional(),
  _id: zId().optional(),
  orgId: zOrg(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const ZChatListResponse = z.object({ chats: z.array(ZChatSession) });
export type TChatListResponse = z.infer<typeof ZChatListResponse>;

export const ZCreateChatRequest = z.object({
  title: zText().trim().max(CHAT_TITLE_MAX).default(''),
  orgId: zOrg().nullable(),
  model: zText().trim().max(80).optional(),
});
export type TCreateChatRequest = z.infer<typeof ZCreateChatRequest>;

export const ZRenameChatRequest = z.object({
  title: zText().trim().min(1, 'is required').max(CHAT_TITLE_MAX),
});

export const ZHistoryInput = z.object({
  chatId: zId(),
  parentHistoryId: zId().nullable().optional(),
  role: z.literal('user'),
  content: zText().max(CHAT_QUERY_MAX),
  model: zText().max(80).nullable().optional(),
  modelIdx: z
    .number()
    .int()
    .min(0)
    .max(CHAT_MAX_MODELS - 1)
    .nullable()
    .optional(),
  mediaIds: z.array(zId()).max(20).default([]),
});
export const ZSaveHistoryRequest = z.object({ histories: z.array(ZHistoryInput).min(1).max(20) });
export type TSaveHistoryRequest = z.infer<typeof ZSaveHistoryRequest>;

export const ZChatRequest = z.object({
  query: zText().max(CHAT_QUERY_MAX),
  mediaIds: z.array(zId()).max(20).default([]),
  model: zText().trim().min(1).max(80).optional(),
  chatId: zId().optional(),
  modelIdx: z
    .number()
    .int()
    .min(0)
    .max(CHAT_MAX_MODELS - 1)
    .default(0),
  /** The user message this answer replies to (saved before with POST history); else the server saves it. */
  parentHistoryId: zId().optional(),
  stream: z.boolean().optional(),
});
export type TChatRequest = z.infer<typeof ZChatRequest>;

export const ZChatAnswer = z.object({
  content: zText(),
  reasoningContent: zText(),
  model: zText(),
  modelIdx: z.number(),
  chatId: zText().nullable(),
  historyId: zText().nullable(),
  userHistoryId: zText().nullable(),
  /** Credits charged, exact decimal. */
  cost: zText(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  provider: zText(),
  /** The answer stopped before its end (client abort). */
  stopped: z.boolean(),
});
export type TChatAnswer = z.infer<typeof ZChatAnswer>;

/** One server-sent event of POST /api/chat-with-ai. */
export type TChatEvent =
  | { content: string }
  | { reasoningContent: string }
  | ({ done: true } & TChatAnswer)
  | { error: { message: string; errorCode?: string } };
