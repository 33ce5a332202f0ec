import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { forbidden, unauthenticated } from './errors';

export const GUEST_REFUSED =
  'Guest learners can only take part in the assignment they joined. Sign in with an account for anything else.';

/**
 * Reads `Authorization: Bearer <jwt>`; 401 when missing or invalid. Sets c.var.auth.
 * A guest learner's token is refused with 403 unless the route takes guests
 * (`{ guests: true }`: the player's participant routes, which check the assignment themselves).
 */
export function requireAuth(deps: AppDeps, options: { guests?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthenticated();
    const claims = await deps.tokens.verify(match[1].trim());
    if (!claims) throw unauthenticated('Your session has expired');
    if (claims.guest && !options.guests) throw forbidden(GUEST_REFUSED);
    c.set('auth', claims);
    await next();
  };
}
