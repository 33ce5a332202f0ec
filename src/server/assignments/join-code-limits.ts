import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import {
  callerAddress,
  countHits,
  type Limit,
  RATE_WINDOW_MS,
  RateLimitError,
  refundLimits,
} from '../http/rate-limit';

export const JOIN_CODE_TRIES = 'Too many join codes tried. Please try again later.';

/**
 * A whole class often shares one address (school Wi-Fi behind NAT), so an address gets ten times a
 * user's allowance, like the public join routes (player.guest.routes.ts).
 */
const ADDRESS_FACTOR = 10;
/**
 * Checking a code's availability while a teacher types a custom one asks once per keystroke from the
 * third character on, so a user may check four times the sign-in allowance per window.
 */
const CHECK_FACTOR = 4;

/**
 * Join codes must not be guessable through the signed-in routes: a wrong code to join and
 * every availability check count per user and per address in the database (so the limit holds across
 * server processes), and past the limit the route answers 429 with Retry-After before it looks the
 * code up. A join that succeeds gives its count back, so a class joining with the right code costs
 * nothing; a refused attempt gives its count back too, so one user over the limit does not use up
 * the allowance of the others behind the same address.
 */
export function joinCodeLimits(deps: AppDeps) {
  const perWindow = deps.env.AUTH_RATE_LIMIT_PER_IP;
  const limitsOf = (c: Context<AppEnv>, use: 'join' | 'check'): Limit[] => {
    const perUser = use === 'check' ? perWindow * CHECK_FACTOR : perWindow;
    return [
      { key: `${use}-code:user:${c.get('auth').userId}`, max: perUser, windowMs: RATE_WINDOW_MS },
      {
        key: `${use}-code:ip:${callerAddress(c, deps.env)}`,
        max: perUser * ADDRESS_FACTOR,
        windowMs: RATE_WINDOW_MS,
      },
    ];
  };

  /** Counts one try; 429 past either limit. Answers how to give the try back. */
  async function take(c: Context<AppEnv>, use: 'join' | 'check'): Promise<() => Promise<void>> {
    const limits = limitsOf(c, use);
    const hits = await countHits(deps, limits);
    const wait = Math.max(0, ...hits.map((h) => h.retryAfterMs));
    if (wait > 0) {
      await refundLimits(deps, limits);
      throw new RateLimitError(wait, JOIN_CODE_TRIES);
    }
    return () => refundLimits(deps, limits);
  }

  return {
    /** An availability check: always counts. */
    async check(c: Context<AppEnv>): Promise<void> {
      await take(c, 'check');
    },
    /** Runs a join; only a join that fails counts. */
    async join<T>(c: Context<AppEnv>, run: () => Promise<T>): Promise<T> {
      const giveBack = await take(c, 'join');
      const joined = await run();
      await giveBack();
      return joined;
    },
  };
}
