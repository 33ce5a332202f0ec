import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../shared/contract/errors';
import { isId } from '../../shared/domain/ids';
import { cachedMembership } from '../orgs/membership-cache';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';

const notMember = () => new AppError(ErrorCode.FORBIDDEN, 403, 'You are not a member of this organization.');

/**
 * Sets c.var.space from the `orgId` header (after requireAuth): absent, '' or 'personal' is the
 * personal space; otherwise the caller must be a member. An unknown organisation answers exactly like
 * one the caller is not in, so ids cannot be probed.
 */
export function orgScope(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('orgid')?.trim() ?? '';
    if (header === '' || header === 'personal') {
      c.set('space', { orgId: null, role: null });
      return next();
    }
    if (!isId(header)) throw notMember();
    const role = await cachedMembership(deps.database.db, header, c.get('auth').userId);
    if (!role) throw notMember();
    c.set('space', { orgId: header, role });
    await next();
  };
}
