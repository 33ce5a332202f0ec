import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentPackages } from '../db/schema';

export type PackageRow = typeof contentPackages.$inferSelect;
export {
  CMI5_MOVE_ON,
  type TCmi5Au,
  type TCmi5Block,
  type TCmi5MoveOn,
  type TCmi5Unit,
  type TPackageFile,
} from '../db/schema';

export async function insertPackage(db: Db, row: typeof contentPackages.$inferInsert): Promise<PackageRow> {
  const [out] = await db.insert(contentPackages).values(row).returning();
  return out;
}

export async function findPackage(db: Db, id: string): Promise<PackageRow | null> {
  const [row] = await db.select().from(contentPackages).where(eq(contentPackages.id, id)).limit(1);
  return row ?? null;
}
