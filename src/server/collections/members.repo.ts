import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import { collectionInvites, collectionMembers, collections, orgMembers, users } from '../db/schema';
import type { MemberRole } from './collections.repo';

export type InviteRow = typeof collectionInvites.$inferSelect;
export type MemberRow = {
  collectionId: string;
  userId: string;
  role: MemberRole;
  email: string;
  fullname: string;
};

export async function findMemberRole(
  db: Db,
  collectionId: string,
  userId: string,
): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: collectionMembers.role })
    .from(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, userId)));
  return row?.role ?? null;
}

export async function listMembers(db: Db, ids: string[]): Promise<MemberRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      collectionId: collectionMembers.collectionId,
      userId: collectionMembers.userId,
      role: collectionMembers.role,
      email: users.email,
      fullname: users.fullname,
    })
    .from(collectionMembers)
    .innerJoin(users, eq(users.id, collectionMembers.userId))
    .where(inArray(collectionMembers.collectionId, ids))
    .orderBy(collectionMembers.createdAt, users.email);
}

export async function listInvites(db: Db, ids: string[]): Promise<InviteRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(collectionInvites)
    .where(inArray(collectionInvites.collectionId, ids))
    .orderBy(collectionInvites.createdAt, collectionInvites.email);
}

export async function findUsers(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, email: users.email, fullname: users.fullname })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Adds the member, or changes the role of one already there; `orgId` also makes them an organisation member. */
export async function upsertMember(
  db: Db,
  m: { collectionId: string; userId: string; role: MemberRole; joinOrgId?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (m.joinOrgId) {
      const join = { orgId: m.joinOrgId, userId: m.userId, role: 'member' as const };
      await tx.insert(orgMembers).values(join).onConflictDoNothing();
    }
    await tx
      .insert(collectionMembers)
      .values({ collectionId: m.collectionId, userId: m.userId, role: m.role, createdAt: new Date() })
      .onConflictDoUpdate({
        target: [collectionMembers.collectionId, collectionMembers.userId],
        set: { role: m.role },
      });
    // A new member changes what the collection's cards show, so it counts as an update.
    await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, m.collectionId));
  });
}

export async function removeMember(
  db: Db,
  collectionId: string,
  userId: string,
  role: MemberRole,
): Promise<boolean> {
  const gone = await db
    .delete(collectionMembers)
    .where(
      and(
        eq(collectionMembers.collectionId, collectionId),
        eq(collectionMembers.userId, userId),
        eq(collectionMembers.role, role),
      ),
    )
    .returning({ userId: collectionMembers.userId });
  return gone.length === 1;
}

export async function upsertInvite(
  db: Db,
  i: { collectionId: string; email: string; role: MemberRole; invitedBy: string },
): Promise<InviteRow> {
  const [row] = await db
    .insert(collectionInvites)
    .values({ ...i, id: newId(), createdAt: new Date() })
    .onConflictDoUpdate({
      target: [collectionInvites.collectionId, collectionInvites.email],
      set: { role: i.role, invitedBy: i.invitedBy },
    })
    .returning();
  return row;
}

export async function removeInvite(
  db: Db,
  collectionId: string,
  id: string,
  role?: MemberRole,
): Promise<boolean> {
  const conditions = [eq(collectionInvites.collectionId, collectionId), eq(collectionInvites.id, id)];
  if (role) conditions.push(eq(collectionInvites.role, role));
  const gone = await db
    .delete(collectionInvites)
    .where(and(...conditions))
    .returning({ id: collectionInvites.id });
  return gone.length === 1;
}

/**
 * Turns the address's pending invitations (of one collection, or all) into memberships, in one
 * transaction; an organisation collection also makes the user a member of its organisation, which
 * only an organisation admin could have asked for (checked when inviting). Returns how many were taken.
 */
export async function claimInvites(
  db: Db,
  email: string,
  userId: string,
  collectionId?: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const where = collectionId
      ? and(eq(collectionInvites.email, email), eq(collectionInvites.collectionId, collectionId))
      : eq(collectionInvites.email, email);
    const taken = await tx.delete(collectionInvites).where(where).returning();
    if (!taken.length) return 0;
    const ids = taken.map((t) => t.collectionId);
    const spaces = await tx
      .select({ id: collections.id, orgId: collections.orgId, ownerId: collections.ownerId })
      .from(collections)
      .where(inArray(collections.id, ids));
    const now = new Date();
    for (const invite of taken) {
      const space = spaces.find((s) => s.id === invite.collectionId);
      if (!space || space.ownerId === userId) continue;
      if (space.orgId) {
        await tx
          .insert(orgMembers)
          .values({ orgId: space.orgId, userId, role: 'member' })
          .onConflictDoNothing();
      }
      await tx
        .insert(collectionMembers)
        .values({ collectionId: invite.collectionId, userId, role: invite.role, createdAt: now })
        .onConflictDoNothing();
    }
    await tx.update(collections).set({ updatedAt: now }).where(inArray(collections.id, ids));
    return taken.length;
  });
}
