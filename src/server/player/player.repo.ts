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

/** The space a flow lives in, whoever asks: the preview checks the caller's membership of it next. */
export async function findFlowSpace(db: Db, id: string): Promise<{ orgId: string | null } | null> {
  const [row] = await db.select({ orgId: flows.orgId }).from(flows).where(eq(flows.id, id));
  return row ?? null;
}
