import { and, eq, isNull, lt } from 'drizzle-orm';
import { newId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import { oidcLogins, refreshTokens } from '../db/schema';

export type RefreshRow = typeof refreshTokens.$inferSelect;
export type OidcLoginRow = typeof oidcLogins.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  const now = new Date();
  // Expired tokens of the user are dropped here so the table does not grow with every sign-in.
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, token.userId), lt(refreshTokens.expiresAt, now)));
  await db.insert(refreshTokens).values({ id: newId(), ...token, createdAt: now });
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Exchanges a token for its successor in one transaction. False when another request rotated or
 * revoked it first (the guard in the WHERE makes the check-and-set atomic).
 */
export async function rotateRefreshToken(
  db: Db,
  old: RefreshRow,
  next: { tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(eq(refreshTokens.id, old.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
      )
      .returning({ id: refreshTokens.id });
    if (rows.length !== 1) return false;
    await tx
      .insert(refreshTokens)
      .values({ id: newId(), userId: old.userId, familyId: old.familyId, ...next, createdAt: now });
    return true;
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Global sign-out: every session of the user on every device ends. */
export async function revokeAllForUser(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertOidcLogin(db: Db, login: OidcLoginRow): Promise<void> {
  // Abandoned sign-ins are cleared here so the table never grows without bound.
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
  await db.insert(oidcLogins).values(login);
}

/** Reads and deletes in one statement: a state can be used once. */
export async function takeOidcLogin(db: Db, state: string): Promise<OidcLoginRow | null> {
  const [row] = await db.delete(oidcLogins).where(eq(oidcLogins.state, state)).returning();
  return row ?? null;
}
