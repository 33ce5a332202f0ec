import type { TChatHistory, TChatSession } from '../../shared/contract/chat';
import { formatCredits, parseCredits } from '../../shared/domain/decimal';
import type { ChatHistoryRow, ChatSessionRow } from './chat.repo';

export function historyView(h: ChatHistoryRow): TChatHistory {
  return {
    _id: h.id,
    id: h.id,
    chatId: h.chatId,
    parentHistoryId: h.parentHistoryId,
    role: h.role,
    content: h.content,
    model: h.model,
    modelIdx: h.modelIdx,
    mediaIds: h.mediaIds,
    reasoningContent: h.reasoningContent,
    cost: formatCredits(parseCredits(String(h.cost))),
    createdAt: h.createdAt.toISOString(),
  };
}

export function sessionView(s: ChatSessionRow, histories?: ChatHistoryRow[]): TChatSession {
  return {
    _id: s.id,
    id: s.id,
    chatId: s.id,
    title: s.title,
    lastMessage: s.lastMessage,
    orgId: s.orgId,
    model: s.model,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    timestamp: (s.updatedAt ?? s.createdAt).toISOString(),
    ...(histories ? { histories: histories.map(historyView) } : {}),
  };
}
