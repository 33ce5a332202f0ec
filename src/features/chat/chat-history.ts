import type { TChatHistory } from '../../shared/contract/chat';
import type { TChatMessage } from './chat.types';

/** The screen's messages from the history tree: each user message, then its answers by modelIdx. */
export function messagesOf(histories: TChatHistory[], nameOf: (code: string) => string): TChatMessage[] {
  const out: TChatMessage[] = [];
  const answers = new Map<string, TChatMessage>();
  for (const h of histories) {
    if (h.role === 'user') {
      out.push({
        id: h._id,
        sender: 'user',
        content: h.content,
        timestamp: h.createdAt,
        media: h.mediaIds.map((mediaId) => ({ mediaId, url: '' })),
        responses: [],
      });
      continue;
    }
    const key = h.parentHistoryId ?? h._id;
    let group = answers.get(key);
    if (!group) {
      group = {
        id: `answers-${key}`,
        sender: 'multimodel_assistant',
        content: '',
        timestamp: h.createdAt,
        media: [],
        responses: [],
      };
      answers.set(key, group);
      const at = out.findIndex((m) => m.id === h.parentHistoryId);
      if (at >= 0) out.splice(at + 1, 0, group);
      else out.push(group);
    }
    const code = h.model ?? '';
    group.responses[h.modelIdx ?? group.responses.length] = {
      modelId: code,
      modelName: nameOf(code),
      content: h.content,
      reasoningContent: h.reasoningContent,
      isStreaming: false,
      cost: h.cost,
    };
  }
  for (const m of out) m.responses = m.responses.filter(Boolean);
  return out;
}

/** Local storage per session (spec 03 §9), so past chats open offline, read-only. */
const KEY = 'flowlearn:chat-messages:';
const LIST_KEY = 'flowlearn:chat-sessions:';

export function cacheMessages(chatId: string, messages: TChatMessage[]): void {
  try {
    localStorage.setItem(KEY + chatId, JSON.stringify(messages));
  } catch {
    // full or unavailable storage: the chat still works online
  }
}
export function cachedMessages(chatId: string): TChatMessage[] | null {
  try {
    const raw = localStorage.getItem(KEY + chatId);
    return raw ? (JSON.parse(raw) as TChatMessage[]) : null;
  } catch {
    return null;
  }
}
export function forgetMessages(chatId: string): void {
  try {
    localStorage.removeItem(KEY + chatId);
  } catch {
    // nothing to forget
  }
}
export function cacheSessions<T>(space: string, sessions: T[]): void {
  try {
    localStorage.setItem(LIST_KEY + space, JSON.stringify(sessions));
  } catch {
    // ignore
  }
}
export function cachedSessions<T>(space: string): T[] {
  try {
    return JSON.parse(localStorage.getItem(LIST_KEY + space) ?? '[]') as T[];
  } catch {
    return [];
  }
}
