import type { TLrsRetention } from '../../shared/contract/lrs';
import type { AppDeps, AuthInfo, SpaceInfo } from '../http/context';
import { forbidden } from '../http/errors';
import { deleteStoredBefore, retentionOf, setRetention, spacesWithRetention } from './retention.repo';
import { lrsSpace } from './space';

/** Statements deleted per statement: short transactions, so ingest and queries go on between them. */
const BATCH = 5_000;
const SWEEP_EVERY_MS = 3600_000;

/** Only an organisation's admins decide how long its records are kept; in the personal space, its user. */
function ownedSpace(auth: AuthInfo, space: SpaceInfo) {
  if (space.orgId && space.role !== 'admin')
    throw forbidden('Only admins of the organisation can change how long its statements are kept');
  return lrsSpace({ orgId: space.orgId, userId: auth.userId });
}

/** Calendar months back from `now` (UTC): 12 months before 31 March is 31 March of the year before. */
export function retentionCutoff(now: Date, months: number): Date {
  const cut = new Date(now);
  cut.setUTCMonth(cut.getUTCMonth() - months);
  return cut;
}

export function createRetentionService(deps: AppDeps) {
  const db = deps.database.db;
  return {
    async get(auth: AuthInfo, space: SpaceInfo): Promise<TLrsRetention> {
      return { months: await retentionOf(db, ownedSpace(auth, space)) };
    },
    async set(auth: AuthInfo, space: SpaceInfo, months: number | null): Promise<TLrsRetention> {
      await setRetention(db, ownedSpace(auth, space), months, auth.userId);
      return { months };
    },
  };
}

/**
 * Deletes, in every space that set a retention, the statements stored longer ago than it allows, in
 * batches of BATCH. Answers the number deleted per space. Safe on several processes at once: a row
 * two sweeps both pick is deleted by one of them.
 */
export async function sweepRetention(deps: AppDeps, now = new Date()): Promise<Map<string, number>> {
  const db = deps.database.db;
  const deleted = new Map<string, number>();
  for (const { space, months } of await spacesWithRetention(db)) {
    const before = retentionCutoff(now, months);
    let total = 0;
    for (;;) {
      const n = await deleteStoredBefore(db, space, before, BATCH);
      total += n;
      if (n < BATCH) break;
    }
    if (total) {
      deleted.set(space, total);
      deps.logger.info('lrs retention: statements deleted', { space, months, deleted: total });
    }
  }
  return deleted;
}

/** Sweeps soon after start and then hourly; returns the stop. */
export function startRetentionSweeps(deps: AppDeps) {
  const run = () =>
    sweepRetention(deps).catch((err) =>
      deps.logger.warn('lrs retention sweep failed; retried next hour', {
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  const soon = setTimeout(run, 60_000).unref();
  const hourly = setInterval(run, SWEEP_EVERY_MS).unref();
  return () => {
    clearTimeout(soon);
    clearInterval(hourly);
  };
}
