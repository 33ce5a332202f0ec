import { and, count, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { newId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import { collectionInvites, collectionMembers, collections, flows, orgMembers } from '../db/schema';

export type CollectionRow = typeof collections.$inferSelect;

export type MemberRole = 'admin' | 'collaborator';

/** A value, or a placeholder of a statement built once (shapedStatement). */
export type SqlValue = string | Placeholder;

/** The space condition every query of a space-scoped table carries: null is the personal space. */
export const inSpace = (column: PgColumn, orgId: SqlValue | null): SQL =>
  orgId === null ? isNull(column) : eq(column, orgId);

/** `%`, `_` and `\` typed by a user are matched literally. */
export const likePattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Collections of the space the user may open: owned, joined, or all of them for an organisation admin. */
export function visibleCollections(orgId: SqlValue | null, userId: SqlValue, allInOrg: boolean): SQL {
  const space = inSpace(collections.orgId, orgId);
  if (allInOrg && orgId !== null) return space;
  const member = sql`exists (select 1 from ${collectionMembers} m where m.collection_id = ${collections.id} and m.user_id = ${userId})`;
  return and(space, sql`(${collections.ownerId} = ${userId} or ${member})`) as SQL;
}

export async function findCollection(
  db: Db,
  orgId: string | null,
  id: string,
): Promise<CollectionRow | null> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), inSpace(collections.orgId, orgId)));
  return row ?? null;
}

export async function listCollections(
  db: Db,
  q: { orgId: string | null; userId: string; allInOrg: boolean; keyword?: string; limit?: number },
): Promise<CollectionRow[]> {
  const conditions = [visibleCollections(q.orgId, q.userId, q.allInOrg)];
  if (q.keyword) conditions.push(sql`${collections.name} ilike ${likePattern(q.keyword)}`);
  return db
    .select()
    .from(collections)
    .where(and(...conditions))
    .orderBy(desc(collections.updatedAt), desc(collections.id))
    .limit(q.limit ?? 1000);
}

export async function countFlows(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ projectId: flows.projectId, n: count() })
    .from(flows)
    .where(inArray(flows.projectId, ids))
    .groupBy(flows.projectId);
  return new Map(rows.map((r) => [r.projectId as string, Number(r.n)]));
}

/** The `perCollection` most recently updated flows of each collection, newest first. */
export async function latestFlows(db: Db, ids: string[], perCollection: number) {
  if (!ids.length) return [];
  const ranked = db
    .select({
      id: flows.id,
      projectId: flows.projectId,
      name: flows.name,
      updatedAt: flows.updatedAt,
      rank: sql<number>`row_number() over (partition by ${flows.projectId} order by ${flows.updatedAt} desc, ${flows.id} desc)`.as(
        'rank',
      ),
    })
    .from(flows)
    .where(inArray(flows.projectId, ids))
    .as('ranked');
  return db
    .select({ id: ranked.id, projectId: ranked.projectId, name: ranked.name, updatedAt: ranked.updatedAt })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perCollection}`)
    .orderBy(desc(ranked.updatedAt), desc(ranked.id));
}

export type NewCollection = Pick<CollectionRow, 'id' | 'orgId' | 'ownerId' | 'name' | 'description'>;
export type NewInvite = { email: string; role: MemberRole; invitedBy: string | null };

/** Creates the collection with its first members and invitations in one transaction. */
export async function insertCollection(
  db: Db,
  row: NewCollection,
  members: Array<{ userId: string; role: MemberRole }>,
  invites: NewInvite[],
  orgJoins: string[] = [],
): Promise<CollectionRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(collections)
      .values({ ...row, createdAt: now, updatedAt: now })
      .returning();
    if (row.orgId && orgJoins.length) {
      const joins = orgJoins.map((userId) => ({
        orgId: row.orgId as string,
        userId,
        role: 'member' as const,
      }));
      await tx.insert(orgMembers).values(joins).onConflictDoNothing();
    }
    if (members.length) {
      await tx
        .insert(collectionMembers)
        .values(members.map((m) => ({ ...m, collectionId: row.id, createdAt: now })));
    }
    if (invites.length) {
      const rows = invites.map((i) => ({ ...i, id: newId(), collectionId: row.id, createdAt: now }));
      await tx.insert(collectionInvites).values(rows).onConflictDoNothing();
    }
    return created;
  });
}

export async function updateCollection(
  db: Db,
  id: string,
  patch: Partial<Pick<CollectionRow, 'name' | 'description'>>,
): Promise<CollectionRow | null> {
  const [row] = await db
    .update(collections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(collections.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the collection and its flows (members and invitations go by cascade). */
export async function deleteCollection(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(flows).where(eq(flows.projectId, id));
    const gone = await tx.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
    return gone.length === 1;
  });
}

/** Copies the collection and every flow of it (new ids, revision 1) into `target`'s space, owned by its owner. */
export async function copyCollection(
  db: Db,
  sourceId: string,
  target: NewCollection,
): Promise<CollectionRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(collections)
      .values({ ...target, createdAt: now, updatedAt: now })
      .returning();
    const source = await tx
      .select()
      .from(flows)
      .where(eq(flows.projectId, sourceId))
      .orderBy(flows.createdAt);
    if (source.length) {
      const copies = source.map((f) => ({
        ...f,
        id: newId(),
        orgId: target.orgId,
        ownerId: target.ownerId,
        projectId: target.id,
        revision: 1,
        createdAt: now,
        updatedAt: now,
      }));
      // Batches keep each statement well under the bind-parameter limit and the message size of pg.
      for (let i = 0; i < copies.length; i += 100) await tx.insert(flows).values(copies.slice(i, i + 100));
    }
    return created;
  });
}

/** Seeding looks collections up by name so that running it twice creates nothing new. */
export async function findOwnedByName(
  db: Db,
  orgId: string | null,
  ownerId: string,
  name: string,
): Promise<CollectionRow | null> {
  const [row] = await db
    .select()
    .from(collections)
    .where(
      and(inSpace(collections.orgId, orgId), eq(collections.ownerId, ownerId), eq(collections.name, name)),
    )
    .limit(1);
  return row ?? null;
}
