import type { Context } from 'hono';
import { Hono } from 'hono';
import { ZGuestJoinRequest, ZJoinLookupParams } from '../../shared/contract/player-guest';
import { setRefreshCookie } from '../auth/cookies';
import type { AppDeps, AppEnv } from '../http/context';
import { callerAddress, hitLimits, RATE_WINDOW_MS, RateLimitError } from '../http/rate-limit';
import { jsonBody, params } from '../http/validate';
import { createGuestJoin } from './player.guest';

/**
 * A whole classroom often shares one address (school Wi-Fi behind NAT): guests get ten times the
 * per-address allowance of the sign-in routes (AUTH_RATE_LIMIT_PER_IP), per 15 minutes.
 */
export const GUEST_IP_FACTOR = 10;

/** /api/player/join/{code} and /api/player/guest/join: public (see src/shared/contract/player-guest.ts). */
export function playerGuestRoutes(deps: AppDeps) {
  const guests = createGuestJoin(deps);
  const limit = async (c: Context<AppEnv>, bucket: 'guest' | 'join-lookup') => {
    const wait = await hitLimits(deps, [
      {
        key: `${bucket}:ip:${callerAddress(c, deps.env)}`,
        max: deps.env.AUTH_RATE_LIMIT_PER_IP * GUEST_IP_FACTOR,
        windowMs: RATE_WINDOW_MS,
      },
    ]);
    if (wait > 0) throw new RateLimitError(wait);
  };
  const bearerClaims = async (c: Context<AppEnv>) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    return bearer ? deps.tokens.verify(bearer) : null;
  };

  return new Hono<AppEnv>()
    .get('/player/join/:code', async (c) => {
      const { code } = params(c, ZJoinLookupParams);
      await limit(c, 'join-lookup');
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await guests.lookup(code) });
    })
    .post('/player/guest/join', async (c) => {
      const body = await jsonBody(c, ZGuestJoinRequest);
      await limit(c, 'guest');
      const { refreshToken, ...answer } = await guests.join(body, await bearerClaims(c));
      if (refreshToken) setRefreshCookie(c, deps.env, refreshToken);
      return c.json(answer);
    });
}
