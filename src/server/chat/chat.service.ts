import type {
  TChatListResponse,
  TChatSession,
  TCreateChatRequest,
  TSaveHistoryRequest,
} from '../../shared/contract/chat';
import { ErrorCode } from '../../shared/contract/errors';
import { newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, notFound } from '../http/errors';
import { findMembership } from '../orgs/orgs.repo';
import type { Caller } from '../tools/caller';
import {
  deleteSession,
  findHistory,
  findSession,
  insertHistories,
  insertSession,
  listHistories,
  listSessions,
  touchSession,
  updateSession,
} from './chat.repo';
import { historyView, sessionView } from './chat.view';
import { requireUsableMedia } from './media-access';

const notMember = () => new AppError(ErrorCode.FORBIDDEN, 403, 'You are not a member of this organization.');
export const LAST_MESSAGE_MAX = 500;

/** Chat sessions and their history tree (spec 03 §3, §7). Every session is its owner's alone. */
export function createChatService(deps: AppDeps) {
  const db = deps.database.db;

  /** The space a request names (body or query orgId, else the orgId header), checked for membership. */
  async function spaceOf(caller: Caller, orgId: string | null | undefined): Promise<string | null> {
    if (orgId === undefined) return caller.orgId;
    if (orgId === null || orgId === '' || orgId === 'personal') return null;
    if (orgId === caller.orgId) return orgId;
    if (!(await findMembership(db, orgId, caller.userId))) throw notMember();
    return orgId;
  }

  async function requireSession(caller: Caller, chatId: string) {
    const session = await findSession(db, caller.userId, chatId);
    if (!session) throw notFound('Chat');
    return session;
  }

  return {
    requireSession,

    async create(caller: Caller, body: TCreateChatRequest): Promise<TChatSession> {
      const orgId = await spaceOf(caller, body.orgId);
      const now = new Date();
      const row = await insertSession(db, {
        id: newId(),
        userId: caller.userId,
        orgId,
        title: body.title,
        model: body.model ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return sessionView(row);
    },

    /** The caller's sessions of one space; with chatId (or _id), that session with its histories. */
    async list(
      caller: Caller,
      q: { keyword?: string; chatId?: string; _id?: string; orgId?: string; limit: number },
    ): Promise<TChatListResponse> {
      const chatId = q.chatId ?? q._id;
      if (chatId) {
        const session = await findSession(db, caller.userId, chatId);
        if (!session) return { chats: [] };
        return { chats: [sessionView(session, await listHistories(db, chatId))] };
      }
      const orgId = await spaceOf(caller, q.orgId);
      const rows = await listSessions(db, {
        userId: caller.userId,
        orgId,
        keyword: q.keyword,
        limit: q.limit,
      });
      return { chats: rows.map((r) => sessionView(r)) };
    },

    async rename(caller: Caller, chatId: string, title: string): Promise<TChatSession> {
      const row = await updateSession(db, caller.userId, chatId, { title });
      if (!row) throw notFound('Chat');
      return sessionView(row);
    },

    async remove(caller: Caller, chatId: string): Promise<void> {
      if (!(await deleteSession(db, caller.userId, chatId))) throw notFound('Chat');
    },

    /** Saves user messages (answers are saved by the chat call itself, with their cost). */
    async saveHistories(caller: Caller, body: TSaveHistoryRequest) {
      const now = Date.now();
      const rows = [];
      for (const [i, h] of body.histories.entries()) {
        const session = await requireSession(caller, h.chatId);
        const who = { userId: caller.userId, orgId: session.orgId };
        await requireUsableMedia(db, h.mediaIds, who, `histories.${i}.mediaIds`);
        if (h.parentHistoryId && !(await findHistory(db, h.chatId, h.parentHistoryId))) {
          throw badRequest(`histories.${i}.parentHistoryId: no such message in this chat`);
        }
        rows.push({
          id: newId(),
          chatId: h.chatId,
          parentHistoryId: h.parentHistoryId ?? null,
          role: h.role,
          content: h.content,
          model: h.model ?? null,
          modelIdx: h.modelIdx ?? null,
          mediaIds: h.mediaIds,
          createdAt: new Date(now + i),
        });
      }
      const saved = await insertHistories(db, rows);
      for (const h of saved)
        await touchSession(db, h.chatId, h.content.slice(0, LAST_MESSAGE_MAX), h.createdAt);
      return saved.map(historyView);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
