import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { unauthenticated } from './errors';

/** Reads `Authorization: Bearer <jwt>`; 401 when missing or invalid. Sets c.var.auth. */
export function requireAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthenticated();
    const claims = await deps.tokens.verify(match[1].trim());
    if (!claims) throw unauthenticated('Your session has expired');
    c.set('auth', claims);
    await next();
  };
}
