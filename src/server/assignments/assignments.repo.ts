import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TAssignmentSort, TAssignmentStatus } from '../../shared/contract/assignments';
import type { Db } from '../db/client';
import { assignmentCoOwners, assignmentParticipants, assignments, flows, users } from '../db/schema';

export type AssignmentRow = typeof assignments.$inferSelect;
export type NewAssignment = typeof assignments.$inferInsert;
export type AssignmentPatch = Partial<
  Omit<AssignmentRow, 'id' | 'orgId' | 'ownerId' | 'createdAt' | 'updatedAt'>
>;

/** The caller's space and rights, for the queries that must stay inside it. */
export interface AssignmentSpace {
  orgId: string | null;
  userId: string;
  isOrgAdmin: boolean;
}

/** 23505: unique_violation, from the driver directly or wrapped by drizzle. */
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const coOwnerOf = (userId: string) =>
  sql`exists (select 1 from ${assignmentCoOwners} c where c.assignment_id = ${assignments.id} and c.user_id = ${userId})`;
const participantOf = (userId: string) =>
  sql`exists (select 1 from ${assignmentParticipants} p where p.assignment_id = ${assignments.id} and p.user_id = ${userId})`;

/**
 * An organisation's assignments are in its space; a personal one is in the space of its owner and of
 * the people it concerns (co-owners, participants) when they call without an organisation.
 */
const inSpace = (s: AssignmentSpace): SQL =>
  s.orgId
    ? eq(assignments.orgId, s.orgId)
    : (and(
        isNull(assignments.orgId),
        sql`(${assignments.ownerId} = ${s.userId} or ${coOwnerOf(s.userId)} or ${participantOf(s.userId)})`,
      ) as SQL);

/** What the list shows: the assignments the caller manages in the space. */
const managedIn = (s: AssignmentSpace): SQL => {
  if (s.orgId && s.isOrgAdmin) return eq(assignments.orgId, s.orgId);
  const space = s.orgId ? eq(assignments.orgId, s.orgId) : isNull(assignments.orgId);
  return and(space, sql`(${assignments.ownerId} = ${s.userId} or ${coOwnerOf(s.userId)})`) as SQL;
};

/** SQL twin of assignmentStatus (shared/contract/assignments.ts), for filtering the list. */
const statusSql = (now: Date) => sql<TAssignmentStatus>`case
  when ${assignments.endDate} is not null and ${assignments.endDate} <= ${now} then 'completed'
  when ${assignments.startDate} > ${now} then 'not started'
  when ${assignments.isPaused} then 'paused'
  else 'running' end`;

/** null when the join code is taken (the caller draws another or reports it). */
export async function insertAssignment(db: Db, row: NewAssignment): Promise<AssignmentRow | null> {
  const [inserted] = await db.insert(assignments).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findAssignmentInSpace(
  db: Db,
  space: AssignmentSpace,
  id: string,
): Promise<AssignmentRow | null> {
  const [row] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, id), inSpace(space)));
  return row ?? null;
}

/** Any space: for the learner player, which checks participation itself. */
export async function findAssignmentById(db: Db, id: string): Promise<AssignmentRow | null> {
  const [row] = await db.select().from(assignments).where(eq(assignments.id, id));
  return row ?? null;
}

export async function findAssignmentByCode(db: Db, code: string): Promise<AssignmentRow | null> {
  const [row] = await db.select().from(assignments).where(sql`lower(${assignments.code}) = lower(${code})`);
  return row ?? null;
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(sql`lower(${assignments.code}) = lower(${code})`);
  return !!row;
}

/** 'taken' when the new join code belongs to another assignment (a change that raced another). */
export async function updateAssignment(
  db: Db,
  id: string,
  patch: AssignmentPatch,
): Promise<AssignmentRow | null | 'taken'> {
  try {
    const [row] = await db
      .update(assignments)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(assignments.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function deleteAssignment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(assignments).where(eq(assignments.id, id)).returning({ id: assignments.id });
  return rows.length > 0;
}

export interface ListOptions {
  keyword?: string;
  status?: TAssignmentStatus;
  sortBy: TAssignmentSort;
  limit: number;
  now: Date;
}

/** LIKE wildcards in a search are plain text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER: Record<TAssignmentSort, SQL[]> = {
  default: [desc(assignments.createdAt), desc(assignments.id)],
  // Labelled 'Latest Updated': the most recently updated first (as the flow lists).
  ascending: [desc(assignments.updatedAt), desc(assignments.id)],
  descending: [asc(assignments.updatedAt), asc(assignments.id)],
  'A-Z': [asc(sql`lower(${assignments.name})`), asc(assignments.id)],
  'Z-A': [desc(sql`lower(${assignments.name})`), desc(assignments.id)],
};

export type AssignmentListRow = AssignmentRow & {
  status: TAssignmentStatus;
  participants: number;
  tools: number;
};

export async function listManagedAssignments(
  db: Db,
  space: AssignmentSpace,
  opts: ListOptions,
): Promise<AssignmentListRow[]> {
  const status = statusSql(opts.now);
  const where: SQL[] = [managedIn(space)];
  if (opts.keyword) where.push(sql`${assignments.name} ilike ${`%${escapeLike(opts.keyword)}%`}`);
  if (opts.status) where.push(sql`(${status}) = ${opts.status}`);
  return db
    .select({
      ...assignmentColumns,
      status,
      participants: sql<number>`(select count(*)::int from ${assignmentParticipants} p where p.assignment_id = ${assignments.id})`,
      tools: sql<number>`(select count(*)::int from ${flows} f where f.id = any(${assignments.flowIds}))`,
    })
    .from(assignments)
    .where(and(...where))
    .orderBy(...ORDER[opts.sortBy])
    .limit(opts.limit);
}

const assignmentColumns = {
  id: assignments.id,
  orgId: assignments.orgId,
  ownerId: assignments.ownerId,
  name: assignments.name,
  description: assignments.description,
  code: assignments.code,
  type: assignments.type,
  iconUrl: assignments.iconUrl,
  flowIds: assignments.flowIds,
  tagIds: assignments.tagIds,
  unitUsageOption: assignments.unitUsageOption,
  startDate: assignments.startDate,
  endDate: assignments.endDate,
  isPaused: assignments.isPaused,
  isLocked: assignments.isLocked,
  signInRequired: assignments.signInRequired,
  disableSubmissionReport: assignments.disableSubmissionReport,
  disableDashboard: assignments.disableDashboard,
  disablePublicAccessLink: assignments.disablePublicAccessLink,
  createdAt: assignments.createdAt,
  updatedAt: assignments.updatedAt,
};

export async function countParticipants(db: Db, assignmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assignmentParticipants)
    .where(eq(assignmentParticipants.assignmentId, assignmentId));
  return row?.n ?? 0;
}

export interface UserInfo {
  id: string;
  email: string;
  fullname: string;
  profileImg: string | null;
}

export async function findUsersByIds(db: Db, ids: string[]): Promise<UserInfo[]> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, email: users.email, fullname: users.fullname, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.id, ids));
}

export async function findUsersByEmails(db: Db, emails: string[]): Promise<UserInfo[]> {
  if (!emails.length) return [];
  return db
    .select({ id: users.id, email: users.email, fullname: users.fullname, profileImg: users.profileImg })
    .from(users)
    .where(inArray(users.email, emails));
}

export async function isCoOwner(db: Db, assignmentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: assignmentCoOwners.userId })
    .from(assignmentCoOwners)
    .where(and(eq(assignmentCoOwners.assignmentId, assignmentId), eq(assignmentCoOwners.userId, userId)));
  return !!row;
}

export async function listCoOwners(db: Db, assignmentId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      fullname: users.fullname,
      profileImg: users.profileImg,
      addedAt: assignmentCoOwners.createdAt,
    })
    .from(assignmentCoOwners)
    .innerJoin(users, eq(users.id, assignmentCoOwners.userId))
    .where(eq(assignmentCoOwners.assignmentId, assignmentId))
    .orderBy(assignmentCoOwners.createdAt, users.email);
}

export async function addCoOwners(
  db: Db,
  assignmentId: string,
  userIds: string[],
  addedBy: string,
): Promise<void> {
  if (!userIds.length) return;
  await db
    .insert(assignmentCoOwners)
    .values(userIds.map((userId) => ({ assignmentId, userId, addedBy })))
    .onConflictDoNothing();
}

export async function removeCoOwner(db: Db, assignmentId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(assignmentCoOwners)
    .where(and(eq(assignmentCoOwners.assignmentId, assignmentId), eq(assignmentCoOwners.userId, userId)))
    .returning({ userId: assignmentCoOwners.userId });
  return rows.length > 0;
}
