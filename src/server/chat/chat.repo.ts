import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type CarriedRead, namedStatement } from '../db/named-statement';
import { chatHistories, chatSessions } from '../db/schema';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatHistoryRow = typeof chatHistories.$inferSelect;
export type NewHistory = typeof chatHistories.$inferInsert;

/** Every query names the owner: a user never reaches another user's chats. */
const mine = (userId: string, chatId: string) =>
  and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId));

export async function insertSession(db: Db, row: typeof chatSessions.$inferInsert): Promise<ChatSessionRow> {
  const [out] = await db.insert(chatSessions).values(row).returning();
  return out;
}

export async function findSession(db: Db, userId: string, chatId: string): Promise<ChatSessionRow | null> {
  const [row] = await db.select().from(chatSessions).where(mine(userId, chatId)).limit(1);
  return row ?? null;
}

/** The caller's sessions of one space (orgId null: personal), newest first; keyword matches the title or last message. */
export async function listSessions(
  db: Db,
  q: { userId: string; orgId: string | null; keyword?: string; chatId?: string; limit: number },
): Promise<ChatSessionRow[]> {
  const where: (SQL | undefined)[] = [
    eq(chatSessions.userId, q.userId),
    q.orgId ? eq(chatSessions.orgId, q.orgId) : isNull(chatSessions.orgId),
  ];
  if (q.chatId) where.push(eq(chatSessions.id, q.chatId));
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(chatSessions.title, like), ilike(chatSessions.lastMessage, like)));
  }
  return db
    .select()
    .from(chatSessions)
    .where(and(...where))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(q.limit);
}

export async function updateSession(
  db: Db,
  userId: string,
  chatId: string,
  set: Partial<Pick<ChatSessionRow, 'title' | 'lastMessage' | 'model' | 'updatedAt'>>,
): Promise<ChatSessionRow | null> {
  const [row] = await db.update(chatSessions).set(set).where(mine(userId, chatId)).returning();
  return row ?? null;
}

export async function deleteSession(db: Db, userId: string, chatId: string): Promise<boolean> {
  const rows = await db.delete(chatSessions).where(mine(userId, chatId)).returning({ id: chatSessions.id });
  return rows.length > 0;
}

export async function insertHistories(db: Db, rows: NewHistory[]): Promise<ChatHistoryRow[]> {
  if (!rows.length) return [];
  return db.insert(chatHistories).values(rows).returning();
}

export async function listHistories(db: Db, chatId: string): Promise<ChatHistoryRow[]> {
  return db
    .select()
    .from(chatHistories)
    .where(eq(chatHistories.chatId, chatId))
    .orderBy(asc(chatHistories.createdAt), asc(chatHistories.id));
}

export async function findHistory(db: Db, chatId: string, id: string): Promise<ChatHistoryRow | null> {
  const [row] = await db
    .select()
    .from(chatHistories)
    .where(and(eq(chatHistories.chatId, chatId), eq(chatHistories.id, id)))
    .limit(1);
  return row ?? null;
}

/** A message of a conversation as the next question sends it to the model. */
export type ConversationRow = Pick<ChatHistoryRow, 'id' | 'role' | 'content' | 'modelIdx' | 'mediaIds'>;
export type Conversation = { session: { id: string; orgId: string | null }; rows: ConversationRow[] };

/**
 * The caller's session and its messages, oldest first, as one row (`messages` a JSON array): only
 * what the model is sent, no reasoning texts, no costs. The time to first token of a chat answer
 * waits on it, so it is a named statement, and the answer's first credit hold carries it
 * along (conversationRead) to make the two one round trip.
 */
const CONVERSATION = `select s.id as chat_id, s.org_id,
    coalesce(json_agg(json_build_object('id', h.id, 'role', h.role, 'content', h.content,
      'modelIdx', h.model_idx, 'mediaIds', h.media_ids) order by h.created_at, h.id)
      filter (where h.id is not null), '[]'::json) as messages
  from chat_sessions s left join chat_histories h on h.chat_id = s.id
  where s.id = :chatId and s.user_id = :userId
  group by s.id`;
const conversationStatement = namedStatement('chat_conversation', CONVERSATION);

/** The conversation read, for a statement that carries it (credits reserveAlong). */
export const conversationRead = (userId: string, chatId: string): CarriedRead => ({
  name: 'chat_conversation',
  source: CONVERSATION,
  values: { chatId, userId },
});

/** The row of CONVERSATION (or null: not the caller's chat, or gone) as the answer service uses it. */
export function conversationOf(row: Record<string, unknown> | null | undefined): Conversation | null {
  if (!row) return null;
  const messages = (row.messages ?? []) as Array<ConversationRow & { mediaIds: string[] | null }>;
  return {
    session: { id: String(row.chat_id), orgId: (row.org_id as string | null) ?? null },
    rows: messages.map((m) => ({ ...m, mediaIds: m.mediaIds ?? [] })),
  };
}

export async function findConversation(db: Db, userId: string, chatId: string): Promise<Conversation | null> {
  const [row] = await conversationStatement(db, { chatId, userId });
  return conversationOf(row);
}

/**
 * A chat answer's writes, one named statement each (on PGlite every statement runs on the server's
 * own thread): the question with the session's last message and time, then the answer with the
 * session's time (it moves to the top of the sidebar; the last message stays the user's).
 */
const SAVE_QUESTION = namedStatement(
  'chat_save_question',
  `with question as (
    insert into chat_histories (id, chat_id, role, content, media_ids, created_at)
    values (:id, :chatId, 'user', :content, array(select json_array_elements_text(:mediaIds::json)),
      :at::timestamptz))
  update chat_sessions set last_message = :lastMessage, updated_at = :at::timestamptz where id = :chatId`,
);
const SAVE_ANSWER = namedStatement(
  'chat_save_answer',
  `with answer as (
    insert into chat_histories (id, chat_id, parent_history_id, role, content, model, model_idx,
      reasoning_content, cost, created_at)
    values (:id, :chatId, :parentId, 'assistant', :content, :model, :modelIdx::int, :reasoning,
      :cost::numeric, :at::timestamptz))
  update chat_sessions set updated_at = :at::timestamptz where id = :chatId`,
);

export async function saveQuestion(
  db: Db,
  q: { id: string; chatId: string; content: string; mediaIds: string[]; at: Date; lastMessage: string },
): Promise<void> {
  await SAVE_QUESTION(db, { ...q, mediaIds: JSON.stringify(q.mediaIds), at: q.at.toISOString() });
}

export async function saveAnswer(
  db: Db,
  a: {
    id: string;
    chatId: string;
    parentId: string | null;
    content: string;
    model: string;
    modelIdx: number;
    reasoning: string;
    cost: string;
    at: Date;
  },
): Promise<void> {
  await SAVE_ANSWER(db, { ...a, at: a.at.toISOString() });
}

/** Touches the session after a user message: newest first in the sidebar, last message for the fallback title. */
export async function touchSession(db: Db, chatId: string, lastMessage: string, at: Date): Promise<void> {
  await db
    .update(chatSessions)
    .set({ lastMessage: sql`${lastMessage}`, updatedAt: at })
    .where(eq(chatSessions.id, chatId));
}
