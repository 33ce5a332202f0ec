import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations } from '../db/schema';

export type ModelsPerNode = Record<string, string[]>;

/** The organisation's model settings (spec 02 §3), or null when there is no such organisation. */
export async function findOrgModels(
  db: Db,
  orgId: string,
): Promise<{ disableModel: ModelsPerNode; additionalModel: ModelsPerNode } | null> {
  const [row] = await db
    .select({ disableModel: organizations.disableModel, additionalModel: organizations.additionalModel })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row ?? null;
}

export async function saveOrgModels(
  db: Db,
  orgId: string,
  settings: { disableModel: ModelsPerNode; additionalModel: ModelsPerNode },
): Promise<void> {
  await db
    .update(organizations)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(organizations.id, orgId));
}
