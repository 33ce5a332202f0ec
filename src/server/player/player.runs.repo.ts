import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { playerRunStates } from '../db/schema';

/** The learner's place in a flow of an assignment (player_run_states, migration 0029). */
export type TRunKey = { assignmentId: string; userId: string; flowId: string };

const whereKey = (k: TRunKey) =>
  and(
    eq(playerRunStates.assignmentId, k.assignmentId),
    eq(playerRunStates.userId, k.userId),
    eq(playerRunStates.flowId, k.flowId),
  );

export async function findRunState(db: Db, key: TRunKey) {
  const [row] = await db.select().from(playerRunStates).where(whereKey(key));
  return row ?? null;
}

/** Writes the run, replacing the one kept for the same learner, assignment and flow. */
export async function saveRunState(db: Db, key: TRunKey, revision: number, run: unknown, at: Date) {
  await db
    .insert(playerRunStates)
    .values({ ...key, revision, run, updatedAt: at })
    .onConflictDoUpdate({
      target: [playerRunStates.assignmentId, playerRunStates.userId, playerRunStates.flowId],
      set: { revision, run, updatedAt: at },
    });
}
