import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lrsLaunches } from '../db/schema';

export type LaunchRow = typeof lrsLaunches.$inferSelect;

export async function insertLaunch(db: Db, row: typeof lrsLaunches.$inferInsert): Promise<LaunchRow> {
  const [created] = await db.insert(lrsLaunches).values(row).returning();
  return created;
}

export async function findLaunch(db: Db, id: string): Promise<LaunchRow | null> {
  const [row] = await db.select().from(lrsLaunches).where(eq(lrsLaunches.id, id)).limit(1);
  return row ?? null;
}

/**
 * cmi5's fetch: sets the secret of an unexpired launch whose fetch code matches and was never used,
 * in one guarded UPDATE, so two calls racing (or two server processes) hand it out once.
 */
export async function claimFetch(
  db: Db,
  id: string,
  fetchHash: string,
  secretHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(lrsLaunches)
    .set({ secretHash, fetchedAt: now })
    .where(
      and(
        eq(lrsLaunches.id, id),
        eq(lrsLaunches.fetchHash, fetchHash),
        isNull(lrsLaunches.fetchedAt),
        gt(lrsLaunches.expiresAt, now),
      ),
    )
    .returning({ id: lrsLaunches.id });
  return rows.length > 0;
}

/** Launches that expired before `before` are of no use to anyone: dropped when new ones are made. */
export async function deleteExpiredLaunches(db: Db, before: Date): Promise<void> {
  await db.delete(lrsLaunches).where(lt(lrsLaunches.expiresAt, before));
}

/** The kept launches (cmi5 sessions) of one package's AU in one registration, oldest first. */
export async function sessionsOf(
  db: Db,
  packageId: string,
  activityId: string,
  registration: string,
): Promise<LaunchRow[]> {
  return db
    .select()
    .from(lrsLaunches)
    .where(
      and(
        eq(lrsLaunches.packageId, packageId),
        eq(lrsLaunches.activityId, activityId),
        eq(lrsLaunches.registration, registration.toLowerCase()),
      ),
    )
    .orderBy(asc(lrsLaunches.createdAt))
    .limit(100);
}
