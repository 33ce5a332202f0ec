import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadSecret } from '../auth/tokens';
import type { AppDeps } from '../http/context';
import { findMediaByIds } from './media.repo';

/**
 * Short-lived signed media links: an `<img>` carries no Bearer, and a learner's photo may
 * be uploaded outside the teacher's organisation. A read path that has already checked who may see
 * the media (a report of the assignment) hands out `/api/s3/download/{id}?exp=…&sig=…`; the download
 * route serves such a link to anyone holding it until `exp`, and nothing else.
 */
export const MEDIA_LINK_TTL_S = 60 * 60;
export interface MediaLinks {
  sign(mediaId: string, nowMs?: number): Promise<string>;
  /** Signed links for those of `mediaIds` uploaded by one of `uploaders` (an assignment's participants). */
  signUploadsOf(mediaIds: Iterable<string>, uploaders: Iterable<string>): Promise<Map<string, string>>;
  verify(mediaId: string, exp: string | undefined, sig: string | undefined, nowMs?: number): Promise<boolean>;
}

const links = new WeakMap<AppDeps['database'], MediaLinks>();

export function mediaLinks(deps: AppDeps): MediaLinks {
  const known = links.get(deps.database);
  if (known) return known;
  let secret: Promise<Uint8Array> | null = null;
  const mac = async (id: string, exp: number) => {
    secret ??= loadSecret(deps.database.db, deps.env);
    return createHmac('sha256', await secret)
      .update(`media-link\n${id}\n${exp}`)
      .digest('base64url');
  };
  const made: MediaLinks = {
    async sign(mediaId, nowMs = Date.now()) {
      const exp = Math.floor(nowMs / 1000) + MEDIA_LINK_TTL_S;
      return `/api/s3/download/${mediaId}?exp=${exp}&sig=${await mac(mediaId, exp)}`;
    },
    async signUploadsOf(mediaIds, uploaders) {
      const ids = [...new Set(mediaIds)];
      const by = new Set(uploaders);
      const rows = ids.length ? await findMediaByIds(deps.database.db, ids) : [];
      const out = new Map<string, string>();
      for (const row of rows) if (by.has(row.userId)) out.set(row.id, await made.sign(row.id));
      return out;
    },
    async verify(mediaId, exp, sig, nowMs = Date.now()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const at = Number(exp);
      if (at * 1000 <= nowMs) return false;
      const want = Buffer.from(await mac(mediaId, at));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
  links.set(deps.database, made);
  return made;
}
