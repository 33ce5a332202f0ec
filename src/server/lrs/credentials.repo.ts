import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lrsCredentials } from '../db/schema';

export type CredentialRow = typeof lrsCredentials.$inferSelect;

export async function insertCredential(
  db: Db,
  row: Pick<CredentialRow, 'key' | 'secretHash' | 'space' | 'name' | 'createdBy'>,
): Promise<CredentialRow> {
  const [created] = await db.insert(lrsCredentials).values(row).returning();
  return created;
}

/** The space's credentials that are not revoked, newest first. */
export async function listCredentials(db: Db, space: string): Promise<CredentialRow[]> {
  return db
    .select()
    .from(lrsCredentials)
    .where(and(eq(lrsCredentials.space, space), isNull(lrsCredentials.revokedAt)))
    .orderBy(desc(lrsCredentials.createdAt));
}

/** Revokes a key of this space; false when the space has no such active key. */
export async function revokeCredential(db: Db, space: string, key: string): Promise<boolean> {
  const rows = await db
    .update(lrsCredentials)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(lrsCredentials.key, key), eq(lrsCredentials.space, space), isNull(lrsCredentials.revokedAt)),
    )
    .returning({ key: lrsCredentials.key });
  return rows.length > 0;
}

export async function findActiveCredential(db: Db, key: string): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(lrsCredentials)
    .where(and(eq(lrsCredentials.key, key), isNull(lrsCredentials.revokedAt)));
  return row ?? null;
}
