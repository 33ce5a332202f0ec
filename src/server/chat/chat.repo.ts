import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
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

/**
 * A session of the user with its history, oldest first, in one statement (the time to first token
 * waits on it); null when the chat is not theirs or gone.
 */
/** A message of a conversation as the next question sends it to the model. */
export type ConversationRow = Pick<ChatHistoryRow, 'id' | 'role' | 'content' | 'modelIdx' | 'mediaIds'>;

/**
 * The caller's session and its messages, oldest first, in one named statement (parsed and planned
 * once per connection): the time to first token of a chat answer waits on it (issue 16). Only what
 * the model is sent: no reasoning texts, no costs, the session's columns once per message at most.
 */
const CONVERSATION = `select s.id as chat_id, s.org_id, h.id, h.role, h.content, h.model_idx, h.media_ids
  from chat_sessions s left join chat_histories h on h.chat_id = s.id
  where s.id = $1 and s.user_id = $2
  order by h.created_at, h.id`;

export async function findConversation(
  db: Db,
  userId: string,
  chatId: string,
): Promise<{ session: { id: string; orgId: string | null }; rows: ConversationRow[] } | null> {
  const found = await queryRows(db, CONVERSATION, [chatId, userId], 'chat_conversation');
  if (!found.length) return null;
  const session = { id: String(found[0].chat_id), orgId: (found[0].org_id as string | null) ?? null };
  const rows: ConversationRow[] = [];
  for (const r of found) {
    if (r.id === null) continue;
    rows.push({
      id: r.id as string,
      role: r.role as ConversationRow['role'],
      content: r.content as string,
      modelIdx: r.model_idx as number | null,
      mediaIds: (r.media_ids as string[] | null) ?? [],
    });
  }
  return { session, rows };
}

/** Moves the session to the top of the sidebar after an answer (its last message stays the user's). */
export async function bumpSession(db: Db, chatId: string, at: Date): Promise<void> {
  await db.update(chatSessions).set({ updatedAt: at }).where(eq(chatSessions.id, chatId));
}

/** Touches the session after a user message: newest first in the sidebar, last message for the fallback title. */
export async function touchSession(db: Db, chatId: string, lastMessage: string, at: Date): Promise<void> {
  await db
    .update(chatSessions)
    .set({ lastMessage: sql`${lastMessage}`, updatedAt: at })
    .where(eq(chatSessions.id, chatId));
}
