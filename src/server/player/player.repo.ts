import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { flows } from '../db/schema';

/** A flow its author published: what /viewer/flow/share/{id} may show to anyone. */
export async function findPublishedFlow(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.id, id), eq(flows.published, true)));
  return row ?? null;
}
