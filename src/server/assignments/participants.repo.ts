import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { assignmentAccessLinks, assignmentInteractions, assignmentParticipants, users } from '../db/schema';
import { escapeLike } from './assignments.repo';

export type AccessLinkRow = typeof assignmentAccessLinks.$inferSelect;

/** true when the user joined now, false when they were a participant already. */
export async function insertParticipant(db: Db, assignmentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(assignmentParticipants)
    .values({ assignmentId, userId })
    .onConflictDoNothing()
    .returning({ userId: assignmentParticipants.userId });
  return rows.length > 0;
}

export async function isParticipant(db: Db, assignmentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: assignmentParticipants.userId })
    .from(assignmentParticipants)
    .where(
      and(eq(assignmentParticipants.assignmentId, assignmentId), eq(assignmentParticipants.userId, userId)),
    );
  return !!row;
}

export interface ParticipantRow {
  userId: string;
  email: string;
  fullname: string;
  profileImg: string | null;
  viewOutput: boolean;
  joinedAt: Date;
  isGuest: boolean;
}

/** Participants in the order they joined; `search` matches the name or the e-mail. */
export async function listParticipants(
  db: Db,
  assignmentId: string,
  search?: string,
): Promise<ParticipantRow[]> {
  const where = [eq(assignmentParticipants.assignmentId, assignmentId)];
  if (search) {
    const like = `%${escapeLike(search)}%`;
    where.push(sql`(${users.fullname} ilike ${like} or ${users.email} ilike ${like})`);
  }
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullname: users.fullname,
      profileImg: users.profileImg,
      viewOutput: assignmentParticipants.viewOutput,
      joinedAt: assignmentParticipants.joinedAt,
      isGuest: users.isGuest,
    })
    .from(assignmentParticipants)
    .innerJoin(users, eq(users.id, assignmentParticipants.userId))
    .where(and(...where))
    .orderBy(assignmentParticipants.joinedAt, users.email);
}

export async function listInteractions(db: Db, assignmentId: string, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      userId: assignmentInteractions.userId,
      flowId: assignmentInteractions.flowId,
      interactions: assignmentInteractions.interactions,
    })
    .from(assignmentInteractions)
    .where(
      and(
        eq(assignmentInteractions.assignmentId, assignmentId),
        inArray(assignmentInteractions.userId, userIds),
      ),
    );
}

export async function removeParticipants(db: Db, assignmentId: string, userIds: string[]): Promise<number> {
  const rows = await db
    .delete(assignmentParticipants)
    .where(
      and(
        eq(assignmentParticipants.assignmentId, assignmentId),
        inArray(assignmentParticipants.userId, userIds),
      ),
    )
    .returning({ userId: assignmentParticipants.userId });
  return rows.length;
}

/**
 * Adds `count` interactions of a participant with a flow in one statement, so answers arriving at
 * the same time are all counted. false when the user is not (or no longer) a participant.
 */
export async function addInteractions(
  db: Db,
  assignmentId: string,
  userId: string,
  flowId: string,
  count: number,
): Promise<boolean> {
  const rows = await db
    .insert(assignmentInteractions)
    .select(
      sql`select ${assignmentId}, ${userId}, ${flowId}, ${count}::int, now() where exists (
        select 1 from ${assignmentParticipants} p where p.assignment_id = ${assignmentId} and p.user_id = ${userId})`,
    )
    .onConflictDoUpdate({
      target: [
        assignmentInteractions.assignmentId,
        assignmentInteractions.userId,
        assignmentInteractions.flowId,
      ],
      set: {
        interactions: sql`${assignmentInteractions.interactions} + excluded.interactions`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ n: assignmentInteractions.interactions });
  return rows.length > 0;
}

/** null when the code was taken meanwhile (the caller draws another). */
export async function insertAccessLink(db: Db, row: typeof assignmentAccessLinks.$inferInsert) {
  const [inserted] = await db.insert(assignmentAccessLinks).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function listAccessLinks(db: Db, assignmentId: string): Promise<AccessLinkRow[]> {
  return db
    .select()
    .from(assignmentAccessLinks)
    .where(eq(assignmentAccessLinks.assignmentId, assignmentId))
    .orderBy(sql`${assignmentAccessLinks.createdAt} desc`);
}

export async function findAccessLink(db: Db, code: string): Promise<AccessLinkRow | null> {
  const [row] = await db.select().from(assignmentAccessLinks).where(eq(assignmentAccessLinks.code, code));
  return row ?? null;
}
