import { proxy } from 'valtio';
import { CHAT_MAX_MODELS } from '../../shared/contract/chat';
import type { TModelOptionDto } from '../../shared/contract/models';
import { chatTitle } from '../../shared/domain/chat-grouping';
import { DEFAULT_CHAT_MODEL } from '../../shared/domain/models/catalogue';
import { chatApi } from './chat.api';
import type { TChatMessage, TSessionItem } from './chat.types';
import {
  cachedMessages,
  cachedSessions,
  cacheMessages,
  cacheSessions,
  forgetMessages,
  messagesOf,
} from './chat-history';

/** Spec 03 §9: the title of a new two-model chat is the first 50 characters of its first message. */
export const TWO_MODEL_TITLE_CHARS = 50;

export const chat = proxy({
  spaceKey: 'personal',
  sessions: [] as TSessionItem[],
  loading: false,
  /** A sidebar error shown in red (spec 03 §8), as an i18n key or the server's text. */
  error: '' as string,
  keyword: '',
  activeId: null as string | null,
  messages: [] as TChatMessage[],
  models: [] as TModelOptionDto[],
  selected: [DEFAULT_CHAT_MODEL] as string[],
  sending: false,
});

const controllers = new Map<number, AbortController>();

const nameOf = (code: string) => chat.models.find((m) => m.code === code)?.name ?? code;
const itemOf = (s: {
  chatId: string;
  title: string;
  lastMessage: string;
  timestamp: string;
}): TSessionItem => ({
  chatId: s.chatId,
  title: s.title,
  lastMessage: s.lastMessage,
  timestamp: s.timestamp,
});
export const displayTitle = (s: TSessionItem) => chatTitle(s);

export async function loadSessions(spaceKey: string): Promise<void> {
  chat.spaceKey = spaceKey;
  chat.loading = true;
  chat.error = '';
  try {
    const { chats } = await chatApi.list();
    chat.sessions = chats.map(itemOf);
    cacheSessions(spaceKey, chat.sessions);
  } catch {
    chat.sessions = cachedSessions<TSessionItem>(spaceKey);
    if (!chat.sessions.length) chat.error = 'errors.fetch';
  } finally {
    chat.loading = false;
  }
}

export async function loadModels(): Promise<void> {
  try {
    const { data, defaultModel } = await chatApi.models();
    chat.models = data;
    const enabled = new Set(data.filter((m) => !m.disabled).map((m) => m.code));
    const kept = chat.selected.filter((c) => enabled.has(c));
    chat.selected = kept.length ? kept : [defaultModel ?? DEFAULT_CHAT_MODEL];
  } catch {
    // offline: the pills show the codes
  }
}

/** Opens a chat: its cached messages at once, then the server's (when online). */
export async function openChat(chatId: string | null): Promise<void> {
  if (chat.activeId !== chatId) stopAll();
  chat.activeId = chatId;
  if (!chatId) {
    chat.messages = [];
    return;
  }
  chat.messages = cachedMessages(chatId) ?? [];
  try {
    const { chats } = await chatApi.one(chatId);
    if (chat.activeId !== chatId || chat.sending) return;
    const found = chats[0];
    if (!found) {
      chat.error = 'errors.invalidId';
      return;
    }
    chat.messages = messagesOf(found.histories ?? [], nameOf);
    cacheMessages(chatId, chat.messages);
  } catch {
    // offline: the cached copy stays, read-only
  }
}

export function addModel(code: string): void {
  if (chat.selected.length >= CHAT_MAX_MODELS || chat.selected.includes(code)) return;
  chat.selected.push(code);
}
export function removeModel(code: string): void {
  if (chat.selected.length <= 1) return;
  chat.selected = chat.selected.filter((c) => c !== code);
}

export function stopAnswer(idx: number): void {
  controllers.get(idx)?.abort();
}
export function stopAll(): void {
  for (const c of controllers.values()) c.abort();
}

const CREDIT_LABELS: Record<string, string> = {
  UNIT_BALANCE_INSUFFICIENT: 'errors.insufficient',
  ORG_UNIT_BALANCE_INSUFFICIENT: 'errors.insufficient',
  ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED: 'errors.monthly',
};

async function streamOne(
  chatId: string,
  group: TChatMessage,
  idx: number,
  body: { query: string; parentHistoryId: string; mediaIds: string[] },
): Promise<void> {
  const response = group.responses[idx];
  const stop = new AbortController();
  controllers.set(idx, stop);
  try {
    for await (const piece of chatApi.answer(
      { ...body, chatId, model: response.modelId, modelIdx: idx },
      stop.signal,
    )) {
      if (piece.reasoning) response.reasoningContent += piece.reasoning;
      if (piece.content) response.content += piece.content;
      if (piece.done) {
        response.cost = piece.done.cost;
        response.provider = piece.done.provider;
      }
      if (piece.error) {
        response.error = CREDIT_LABELS[piece.error.errorCode ?? ''] ?? piece.error.message;
      }
    }
  } catch (error) {
    if (!stop.signal.aborted) {
      const e = error as { status?: number; errorCode?: string; message?: string };
      response.error =
        CREDIT_LABELS[e.errorCode ?? ''] ??
        (e.status ? `Stream request failed ${e.status}` : (e.message ?? ''));
    }
  } finally {
    response.isStreaming = false;
    controllers.delete(idx);
  }
}

/** Sends the message to every selected model; each answer streams on its own. Returns the chat id. */
export async function send(
  text: string,
  orgId: string | null,
  media: Array<{ mediaId: string; url: string }> = [],
): Promise<string | null> {
  const query = text.trim();
  const mediaIds = media.map((m) => m.mediaId);
  if ((!query && !mediaIds.length) || chat.sending) return null;
  chat.sending = true;
  chat.error = '';
  let chatId = chat.activeId;
  try {
    if (!chatId) {
      try {
        chatId = (await chatApi.create('', orgId)).chat.chatId;
      } catch {
        chat.error = 'errors.create';
        return null;
      }
      chat.activeId = chatId;
      chat.messages = [];
    }
    const saved = (await chatApi.saveUserMessage(chatId, query, mediaIds)).histories[0];
    const models = [...chat.selected];
    chat.messages.push({
      id: saved._id,
      sender: 'user',
      content: query,
      timestamp: saved.createdAt,
      media,
      responses: [],
    });
    chat.messages.push({
      id: `answers-${saved._id}`,
      sender: 'multimodel_assistant',
      content: '',
      timestamp: saved.createdAt,
      media: [],
      responses: models.map((code) => ({
        modelId: code,
        modelName: nameOf(code),
        content: '',
        reasoningContent: '',
        isStreaming: true,
      })),
    });
    const group = chat.messages[chat.messages.length - 1];
    if (models.length > 1 && chat.messages.length === 2) {
      const title = Array.from(query).slice(0, TWO_MODEL_TITLE_CHARS).join('');
      await chatApi.rename(chatId, title).catch(() => undefined);
    }
    const body = { query, parentHistoryId: saved._id, mediaIds };
    await Promise.all(models.map((_, idx) => streamOne(chatId as string, group, idx, body)));
    cacheMessages(chatId, chat.messages);
    return chatId;
  } catch {
    chat.error = 'errors.send';
    return chatId;
  } finally {
    chat.sending = false;
    void loadSessions(chat.spaceKey);
  }
}

export async function renameChat(chatId: string, title: string): Promise<boolean> {
  try {
    await chatApi.rename(chatId, title);
    const s = chat.sessions.find((x) => x.chatId === chatId);
    if (s) s.title = title;
    return true;
  } catch {
    chat.error = 'errors.update';
    return false;
  }
}

export async function deleteChat(chatId: string): Promise<boolean> {
  try {
    await chatApi.remove(chatId);
    chat.sessions = chat.sessions.filter((s) => s.chatId !== chatId);
    forgetMessages(chatId);
    if (chat.activeId === chatId) await openChat(null);
    return true;
  } catch {
    chat.error = 'errors.delete';
    return false;
  }
}
