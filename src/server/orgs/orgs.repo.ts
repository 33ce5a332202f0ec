import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, orgMembers, users } from '../db/schema';

export type OrgRow = typeof organizations.$inferSelect;
export type OrgRole = 'admin' | 'member';

export async function findOrgByCode(db: Db, orgCode: string): Promise<OrgRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.orgCode, orgCode));
  return row ?? null;
}

export async function findOrgById(db: Db, id: string): Promise<OrgRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

/** The caller's role in the organisation, or null when not a member (or no such organisation). */
export async function findMembership(db: Db, orgId: string, userId: string): Promise<OrgRole | null> {
  const [row] = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return row?.role ?? null;
}

/** The user's organisations with their role, by name (case-insensitive). */
export async function listUserOrgs(db: Db, userId: string): Promise<Array<OrgRow & { role: OrgRole }>> {
  const rows = await db
    .select({ org: organizations, role: orgMembers.role })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id));
  return rows.map((r) => ({ ...r.org, role: r.role }));
}

export async function orgCodeTaken(db: Db, orgCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.orgCode, orgCode));
  return Boolean(row);
}

export type NewOrg = Pick<OrgRow, 'id' | 'name' | 'description' | 'orgCode' | 'iconUrl'> &
  Partial<Pick<OrgRow, 'defaultLanguage'>>;

/** Creates the organisation with its creator as admin; null when the code was taken meanwhile. */
export async function insertOrgWithAdmin(db: Db, org: NewOrg, adminId: string): Promise<OrgRow | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(organizations)
      .values({ ...org, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(orgMembers).values({ orgId: row.id, userId: adminId, role: 'admin', createdAt: now });
    return row;
  });
}

/** Adds a member; an existing membership (and its role) is kept. Returns the role after the call. */
export async function addMember(db: Db, orgId: string, userId: string, role: OrgRole): Promise<OrgRole> {
  await db.insert(orgMembers).values({ orgId, userId, role, createdAt: new Date() }).onConflictDoNothing();
  return (await findMembership(db, orgId, userId)) ?? role;
}

/** null means the personal space. */
export async function setLastVisitedOrg(db: Db, userId: string, orgId: string | null): Promise<void> {
  await db.update(users).set({ lastVisitedOrgId: orgId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setOrgDefaultLanguage(db: Db, orgId: string, language: string): Promise<void> {
  await db
    .update(organizations)
    .set({ defaultLanguage: language, updatedAt: new Date() })
    .where(eq(organizations.id, orgId));
}

export async function setUserDefaultLanguage(db: Db, userId: string, language: string): Promise<void> {
  await db
    .update(users)
    .set({ defaultLanguage: language, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findUserSpaceInfo(
  db: Db,
  userId: string,
): Promise<{
  lastVisitedOrgId: string | null;
  defaultLanguage: string | null;
  linkedWithGoogleSpreadSheet: boolean;
} | null> {
  const [row] = await db
    .select({
      lastVisitedOrgId: users.lastVisitedOrgId,
      defaultLanguage: users.defaultLanguage,
      linkedWithGoogleSpreadSheet: users.linkedWithGoogleSpreadSheet,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
