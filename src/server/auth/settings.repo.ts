import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

/**
 * Returns the setting, creating it with `fresh` when absent. Insert-or-ignore then read, so two
 * server processes starting together agree on one value.
 */
export async function getOrCreateSetting(db: Db, key: string, fresh: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: fresh() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}
