import type { Context } from 'hono';
import { ORG_CODE_LOOKUP_MISSES, RESERVED_ORG_CODES, type TOrgEntry } from '../../shared/contract/orgs';
import type { AppDeps, AppEnv } from '../http/context';
import { AppError, badRequest, conflict, forbidden } from '../http/errors';
import { callerAddress, RATE_WINDOW_MS, RateLimitError } from '../http/rate-limit';
import { hitCounter } from '../http/rate-limit.repo';
import { freshOrgCode, readCounter, setOrgCode } from './org-codes.repo';
import { findMembership, findOrgById, type OrgRow } from './orgs.repo';
import { toOrgEntry } from './orgs.service';

/**
 * Organisation codes: made codes carry ~59 random bits, an admin may choose or regenerate
 * one, and looking a code up is limited to ORG_CODE_LOOKUP_MISSES unknown codes per caller (signed-in
 * user, else address) in 15 minutes, after which every lookup of that caller answers 429.
 */
export function createOrgCodesService(deps: AppDeps) {
  const db = deps.database.db;

  const callerKey = (c: Context<AppEnv>): string => {
    const userId = c.get('auth')?.userId;
    return userId ? `org-code:user:${userId}` : `org-code:ip:${callerAddress(c, deps.env)}`;
  };

  function refuse(windowStart: Date, now: Date): never {
    throw new RateLimitError(
      windowStart.getTime() + RATE_WINDOW_MS - now.getTime(),
      'Too many unknown organisation codes. Please try again later.',
    );
  }

  return {
    /** Runs a lookup by code; a miss counts against the caller, and past the limit nothing is answered. */
    async limitedLookup<T>(c: Context<AppEnv>, lookup: () => Promise<T>): Promise<T> {
      const key = callerKey(c);
      const now = new Date();
      const seen = await readCounter(db, key);
      const running = seen && seen.windowStart.getTime() + RATE_WINDOW_MS > now.getTime();
      if (running && seen.count >= ORG_CODE_LOOKUP_MISSES) refuse(seen.windowStart, now);
      try {
        return await lookup();
      } catch (err) {
        if (err instanceof AppError && err.status === 404) {
          const hit = await hitCounter(db, key, now, RATE_WINDOW_MS);
          if (hit.count > ORG_CODE_LOOKUP_MISSES) refuse(hit.windowStart, now);
        }
        throw err;
      }
    },

    /** Admins only: the chosen code, or a fresh random one. The old code stops working at once. */
    async change(orgId: string, userId: string, chosen: string | undefined): Promise<TOrgEntry> {
      if ((await findMembership(db, orgId, userId)) !== 'admin')
        throw forbidden('Only an administrator of this organization can change its code.');
      const org = (await findOrgById(db, orgId)) as OrgRow;
      if (chosen && RESERVED_ORG_CODES.includes(chosen)) {
        throw badRequest(`orgCode: '${chosen}' is reserved`, {
          issues: [{ field: 'orgCode', message: 'is reserved' }],
        });
      }
      const row = await setOrgCode(db, orgId, chosen ?? (await freshOrgCode(db, org.name)));
      if (!row) throw conflict('This organization code is taken.', { field: 'orgCode' });
      return toOrgEntry(row, 'admin');
    },
  };
}
