import type { TLrsRetention } from '../../shared/contract/lrs';
import { retentionCutoff } from '../../shared/domain/lrs-retention';
import { createFileStorage } from '../adapters/storage/storage';
import type { AppDeps, AuthInfo, SpaceInfo } from '../http/context';
import { forbidden } from '../http/errors';
import {
  deleteAttachmentsBefore,
  deleteDocumentsBefore,
  deleteStoredBefore,
  retentionOf,
  setRetention,
  spacesWithRetention,
} from './retention.repo';
import { lrsSpace } from './space';

export { retentionCutoff };

/** Rows deleted per statement: short transactions, so ingest and queries go on between them. */
const BATCH = 5_000;
/** Attachments per transaction: each one waits for a file deletion (a request, on S3) under its row lock. */
const FILE_BATCH = 100;
const SWEEP_EVERY_MS = 3600_000;

/** Only an organisation's admins decide how long its records are kept; in the personal space, its user. */
function ownedSpace(auth: AuthInfo, space: SpaceInfo) {
  if (space.orgId && space.role !== 'admin')
    throw forbidden('Only admins of the organisation can change how long its statements are kept');
  return lrsSpace({ orgId: space.orgId, userId: auth.userId });
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

/** What one sweep deleted in one space. */
export interface RetentionSwept {
  statements: number;
  attachments: number;
  documents: number;
}

/** Runs one batched delete of `size` rows until a batch comes back short; answers the total. */
async function inBatches(size: number, batch: (size: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch(size);
    total += n;
    if (n < size) return total;
  }
}

/**
 * Deletes, in every space that set a retention, what is older than it allows: the statements stored
 * before the cutoff, then the attachment files no kept statement carries, then the documents last
 * written before the cutoff; in short batches. Answers what went, per space where anything
 * did. Safe on several processes at once: a row two sweeps both pick is deleted by one of them.
 */
export async function sweepRetention(deps: AppDeps, now = new Date()): Promise<Map<string, RetentionSwept>> {
  const db = deps.database.db;
  const storage = deps.storage ?? createFileStorage(deps.env, deps.logger);
  const swept = new Map<string, RetentionSwept>();
  for (const { space, months } of await spacesWithRetention(db)) {
    const before = retentionCutoff(now, months);
    const statements = await inBatches(BATCH, (n) => deleteStoredBefore(db, space, before, n));
    // Rows and files in one transaction: an ingest carrying the same bytes waits for it (or it for
    // the ingest), so a file is never deleted under a row that a new statement just took up again.
    const attachments = await inBatches(FILE_BATCH, (n) =>
      db.transaction(async (tx) => {
        const keys = await deleteAttachmentsBefore(tx, space, before, n);
        for (const key of keys) await storage.delete(key);
        return keys.length;
      }),
    );
    const documents = await inBatches(BATCH, (n) => deleteDocumentsBefore(db, space, before, n));
    if (statements + attachments + documents === 0) continue;
    swept.set(space, { statements, attachments, documents });
    deps.logger.info('lrs retention: deleted', { space, months, statements, attachments, documents });
  }
  return swept;
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
