import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import { callerAddress, hitLimits, RateLimitError } from '../http/rate-limit';

/**
 * Server-run blocks (API Call, Web Search, Web Crawler, documents, Google) reached without an account:
 * through a public link, where nobody signs in, or by a guest learner. Each call costs the server
 * outbound requests, stored files or the operator's Google quota, so calls are counted per address in
 * the database (the same counters as the sign-in limits, so they hold across server processes), and
 * the call past PLAYER_BLOCK_RATE_LIMIT in a minute gets a 429 with Retry-After. Signed-in participants
 * are not counted: the assignment's teacher knows who they are.
 */
export const PLAYER_BLOCK_WINDOW_MS = 60_000;

export async function limitOpenBlocks(c: Context<AppEnv>, deps: AppDeps): Promise<void> {
  const wait = await hitLimits(deps, [
    {
      key: `player-block:ip:${callerAddress(c, deps.env)}`,
      max: deps.env.PLAYER_BLOCK_RATE_LIMIT,
      windowMs: PLAYER_BLOCK_WINDOW_MS,
    },
  ]);
  if (wait > 0) throw new RateLimitError(wait, 'Too many requests from this network; please wait a moment');
}
