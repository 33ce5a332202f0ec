import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TCodePurpose } from '../../shared/contract/auth';
import { newId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import { emailCodes, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof emailCodes.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullname?: string;
  emailVerified: boolean;
  isGuest?: boolean;
}

/** Null when the e-mail is already taken (two sign-ups racing): the caller re-reads. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | null> {
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({ id: newId(), ...user, fullname: user.fullname ?? '', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export type UserPatch = Partial<
  Pick<UserRow, 'passwordHash' | 'emailVerified' | 'fullname' | 'lastVisitedOrgId' | 'defaultLanguage'>
>;

export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Issues a new code: every earlier unused code of the same purpose stops working in the same step. */
export async function replaceCode(
  db: Db,
  code: { email: string; purpose: TCodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    // Deleting (rather than flagging) the old codes also keeps the table small.
    await tx
      .delete(emailCodes)
      .where(and(eq(emailCodes.email, code.email), eq(emailCodes.purpose, code.purpose)));
    await tx.insert(emailCodes).values({ id: newId(), ...code, attempts: 0, createdAt: now });
  });
}

/**
 * Adds a sign-up code. Earlier open sign-up codes keep working, so another sign-up of the address
 * (or a stranger's resend) cannot take the owner's code away; a code carries no password (the
 * verifier types it). Used and expired codes of the address are dropped here.
 */
export async function addSignupCode(
  db: Db,
  code: { email: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  const now = new Date();
  const mine = and(eq(emailCodes.email, code.email), eq(emailCodes.purpose, 'signup'));
  await db.transaction(async (tx) => {
    const stale = or(lt(emailCodes.expiresAt, now), isNotNull(emailCodes.consumedAt));
    await tx.delete(emailCodes).where(and(mine, stale));
    await tx
      .insert(emailCodes)
      .values({ id: newId(), ...code, purpose: 'signup', attempts: 0, createdAt: now });
  });
}

/** Open (unused) codes of an address, newest first. */
export async function openCodes(db: Db, email: string, purpose: TCodePurpose): Promise<CodeRow[]> {
  return db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt));
}

/** Uses up every open code of the address and purpose (after one of them was redeemed). */
export async function consumeAllCodes(db: Db, email: string, purpose: TCodePurpose): Promise<void> {
  await db
    .update(emailCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
}

/**
 * Counts one try on every open code of the address before anything is compared, atomically, so
 * parallel guesses cannot slip in under the limit and no code gets more than `max` tries. Returns the
 * ids of the codes that still had a try left (only those may match).
 */
export async function countCodeAttempts(
  db: Db,
  email: string,
  purpose: TCodePurpose,
  max: number,
): Promise<Set<string>> {
  const rows = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        lt(emailCodes.attempts, max),
        isNull(emailCodes.consumedAt),
      ),
    )
    .returning({ id: emailCodes.id });
  return new Set(rows.map((r) => r.id));
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

/** The user's session version; null when the user does not exist. */
export async function readSessionVersion(db: Db, userId: string): Promise<number | null> {
  const [row] = await db.select({ version: users.sessionVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? null;
}

/** Raises the user's session version by one; the new version, or null when the user does not exist. */
export async function bumpSessionVersion(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.sessionVersion });
  return row?.version ?? null;
}
