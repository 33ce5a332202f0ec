import { createFileStorage, type FileStorage } from '../adapters/storage/storage';
import { removeStored } from '../chat/media-files';
import type { AppDeps } from '../http/context';
import { deleteGuests, findExpiredGuests, storageKeysOf } from './guest-media.repo';

const DAY_MS = 24 * 3600_000;
/** A guest row is written a moment before its participant row (player.guest.ts): spare it an hour. */
const ORPHAN_GRACE_MS = 3600_000;
/** Guests removed per batch: one sweep never holds the database for long. */
const BATCH = 200;
const SWEEP_EVERY_MS = 3600_000;

/**
 * Removes guest learners whose assignments ended GUEST_RETENTION_DAYS ago or were deleted: their
 * files first (a file that cannot be removed keeps its guest for the next sweep), then their rows
 * (sessions, participant rows, journals and media rows go with the user). Their xAPI statements stay:
 * the teacher's records name the guest by its account, not by a row of ours.
 */
export async function sweepGuests(
  deps: AppDeps,
  storage: FileStorage,
  now = new Date(),
): Promise<{ guests: number; files: number }> {
  const db = deps.database.db;
  const endedBefore = new Date(now.getTime() - deps.env.GUEST_RETENTION_DAYS * DAY_MS);
  const orphanedBefore = new Date(now.getTime() - ORPHAN_GRACE_MS);
  let guests = 0;
  let files = 0;
  for (;;) {
    const ids = await findExpiredGuests(db, endedBefore, orphanedBefore, BATCH);
    if (!ids.length) break;
    const kept = new Set<string>();
    for (const id of ids) {
      for (const key of await storageKeysOf(db, [id])) {
        if (await removeStored(storage, key, deps.logger)) files++;
        else kept.add(id);
      }
    }
    guests += await deleteGuests(
      db,
      ids.filter((id) => !kept.has(id)),
    );
    if (kept.size === ids.length || ids.length < BATCH) break;
  }
  if (guests) deps.logger.info('guest learners removed', { guests, files });
  return { guests, files };
}

/** Sweeps soon after start and then hourly; returns the stop. Safe on several processes at once. */
export function startGuestSweeps(
  deps: AppDeps,
  storage = deps.storage ?? createFileStorage(deps.env, deps.logger),
) {
  const run = () =>
    sweepGuests(deps, storage).catch((err) =>
      deps.logger.warn('guest sweep failed; retried next hour', {
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  const soon = setTimeout(run, 30_000).unref();
  const hourly = setInterval(run, SWEEP_EVERY_MS).unref();
  return () => {
    clearTimeout(soon);
    clearInterval(hourly);
  };
}
