import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MediaRow } from '../chat/media.repo';
import type { Db } from '../db/client';
import { assignmentParticipants, assignments, media, users } from '../db/schema';

/** What a guest has stored: their own files, and all guests' files in the assignments they joined. */
export interface GuestUsage {
  files: number;
  bytes: number;
  assignmentBytes: number;
}

/** The guest's usage (read inside the transaction that holds the guest's upload lock, or alone). */
export async function guestUsage(db: Db, userId: string): Promise<GuestUsage> {
  const [own] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${media.size}), 0)::text` })
    .from(media)
    .where(eq(media.userId, userId));
  // Every guest of the guest's assignments: a code shared publicly must not fill the disk either.
  const [shared] = await db
    .select({ bytes: sql<string>`coalesce(sum(${media.size}), 0)::text` })
    .from(media)
    .innerJoin(users, and(eq(users.id, media.userId), eq(users.isGuest, true)))
    .where(
      inArray(
        media.userId,
        db
          .select({ id: assignmentParticipants.userId })
          .from(assignmentParticipants)
          .where(
            inArray(
              assignmentParticipants.assignmentId,
              db
                .select({ id: assignmentParticipants.assignmentId })
                .from(assignmentParticipants)
                .where(eq(assignmentParticipants.userId, userId)),
            ),
          ),
      ),
    );
  return {
    files: own?.files ?? 0,
    bytes: Number(own?.bytes ?? 0),
    assignmentBytes: Number(shared?.bytes ?? 0),
  };
}

/**
 * Inserts a guest's media row only if `admit` accepts the usage seen under a per-guest lock: two
 * uploads of one guest at once cannot both pass the last free place. Null when refused.
 */
export async function insertGuestMedia(
  db: Db,
  row: typeof media.$inferInsert,
  admit: (usage: GuestUsage) => boolean,
): Promise<MediaRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-media:${row.userId}`}))`);
    if (!admit(await guestUsage(tx as unknown as Db, row.userId))) return null;
    const [out] = await tx.insert(media).values(row).returning();
    return out;
  });
}

/**
 * Guests to remove: those left without an assignment (it was deleted; `orphanedBefore` spares a
 * guest still between its user row and its participant row), and those whose every assignment ended
 * before `endedBefore`.
 */
export async function findExpiredGuests(
  db: Db,
  endedBefore: Date,
  orphanedBefore: Date,
  limit: number,
): Promise<string[]> {
  const joined = db
    .select({ id: assignmentParticipants.userId })
    .from(assignmentParticipants)
    .innerJoin(assignments, eq(assignments.id, assignmentParticipants.assignmentId))
    .where(
      and(
        eq(assignmentParticipants.userId, users.id),
        sql`(${assignments.endDate} is null or ${assignments.endDate} >= ${endedBefore.toISOString()}::timestamptz)`,
      ),
    );
  const anyJoined = db
    .select({ id: assignmentParticipants.userId })
    .from(assignmentParticipants)
    .where(eq(assignmentParticipants.userId, users.id));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isGuest, true),
        sql`not exists (${joined})`,
        sql`(exists (${anyJoined}) or ${users.createdAt} < ${orphanedBefore.toISOString()}::timestamptz)`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function storageKeysOf(db: Db, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db.select({ key: media.storageKey }).from(media).where(inArray(media.userId, userIds));
  return rows.map((r) => r.key);
}

/** Deletes the guests; their sessions, participant rows, journals and media rows go with them (cascade). */
export async function deleteGuests(db: Db, userIds: string[]): Promise<number> {
  if (!userIds.length) return 0;
  const gone = await db
    .delete(users)
    .where(and(inArray(users.id, userIds), eq(users.isGuest, true)))
    .returning({ id: users.id });
  return gone.length;
}
