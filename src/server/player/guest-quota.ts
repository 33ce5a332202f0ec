import { ErrorCode } from '../../shared/contract/errors';
import type { MediaRow, NewMediaRow } from '../chat/media.repo';
import type { AppDeps } from '../http/context';
import { AppError } from '../http/errors';
import { hitLimits, RateLimitError } from '../http/rate-limit';
import { type GuestUsage, guestUsage, insertGuestMedia } from './guest-media.repo';

/** A guest's uploads per minute: a photo answer now and then, not a stream of files. */
export const GUEST_UPLOADS_PER_MINUTE = 10;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * The upload quota of guest learners. A guest exists for one assignment, joined from
 * a public code, so what they may store is capped per guest (files and bytes) and per assignment
 * (all its guests together): a shared code cannot fill the disk. Signed-in users are not limited here.
 */
export function createGuestQuota(deps: AppDeps) {
  const db = deps.database.db;
  const env = deps.env;
  /** Why this upload of `size` bytes does not fit, or null when it does. */
  const refusal = (u: GuestUsage, size: number): AppError | null => {
    if (u.files + 1 > env.GUEST_UPLOAD_MAX_FILES)
      return new AppError(
        ErrorCode.RATE_LIMITED,
        429,
        `A guest may upload at most ${env.GUEST_UPLOAD_MAX_FILES} files in an assignment; sign in to upload more`,
      );
    if (u.bytes + size > env.GUEST_UPLOAD_MAX_BYTES)
      return new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        413,
        `A guest may upload at most ${mb(env.GUEST_UPLOAD_MAX_BYTES)} in an assignment (${mb(u.bytes)} used)`,
      );
    if (u.assignmentBytes + size > env.GUEST_ASSIGNMENT_MAX_BYTES)
      return new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        413,
        `The guests of this assignment have used its ${mb(env.GUEST_ASSIGNMENT_MAX_BYTES)} of uploads`,
      );
    return null;
  };

  return {
    /** Before the bytes are stored: the pace, then the quota as it stands (throws when refused). */
    async admit(userId: string, size: number): Promise<void> {
      const wait = await hitLimits(deps, [
        { key: `guest-upload:${userId}`, max: GUEST_UPLOADS_PER_MINUTE, windowMs: 60_000 },
      ]);
      if (wait > 0) throw new RateLimitError(wait, 'Too many uploads at once; please wait a moment');
      const refused = refusal(await guestUsage(db, userId), size);
      if (refused) throw refused;
    },
    /**
     * Writes the row once the bytes are stored, checking the quota again under the guest's lock
     * (uploads in parallel). When refused, `discard` removes the stored bytes before the error.
     */
    async record(row: NewMediaRow, discard: () => Promise<unknown>): Promise<MediaRow> {
      let refused: AppError | null = null;
      const out = await insertGuestMedia(db, row, (usage) => {
        refused = refusal(usage, row.size);
        return refused === null;
      });
      if (out) return out;
      await discard();
      throw refused ?? new AppError(ErrorCode.CONFLICT, 409, 'The upload could not be recorded');
    },
  };
}
