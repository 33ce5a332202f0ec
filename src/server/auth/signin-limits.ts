import type { Context } from 'hono';
import { AuthErrorCode, AuthMessage } from '../../shared/contract/auth';
import type { AppDeps, AppEnv } from '../http/context';
import {
  callerAddress,
  clearLimits,
  countHits,
  hitLimits,
  type Limit,
  RATE_WINDOW_MS,
  RateLimitError,
  refundLimits,
} from '../http/rate-limit';

export const CODE_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one code mail for the address; 429 CODE_LIMIT_REACHED past AUTH_CODES_PER_HOUR. Counted
 * whether or not the address has an account, so the answer reveals nothing.
 */
export async function takeCodeAllowance(deps: AppDeps, email: string): Promise<void> {
  const limit = { key: `codes:email:${email}`, max: deps.env.AUTH_CODES_PER_HOUR, windowMs: CODE_WINDOW_MS };
  const wait = await hitLimits(deps, [limit]);
  if (wait > 0) throw new RateLimitError(wait, AuthMessage.codeLimit, AuthErrorCode.CODE_LIMIT_REACHED);
}

export const SIGNIN_SLOWED = 'Too many failed sign-ins for this account. Please wait a moment and try again.';

/**
 * Sign-in limits that stop a guesser where it stands and never lock the owner out:
 * - failures are limited per address (AUTH_RATE_LIMIT_PER_IP) and per account from one address
 *   (AUTH_RATE_LIMIT_PER_EMAIL), 429 until the 15-minute window ends;
 * - an account that failed AUTH_SLOW_AFTER_FAILURES times from anywhere is under attack: each address
 *   that has already failed on it takes one attempt per AUTH_SLOW_INTERVAL_SECONDS, while an address
 *   that has not failed on it goes straight on, so strangers cannot keep the owner out by failing
 *   from addresses of their own.
 * Each attempt counts before the password is checked (parallel guesses cannot slip through). An
 * attempt refused with 429 gives every count back (its password was never tried), and a right
 * password gives its count back and clears the failures of its address on the account.
 */
export function signInLimits(c: Context<AppEnv>, deps: AppDeps, email: string) {
  const env = deps.env;
  const ip = callerAddress(c, env);
  const window = RATE_WINDOW_MS;
  const address: Limit = { key: `login:ip:${ip}`, max: env.AUTH_RATE_LIMIT_PER_IP, windowMs: window };
  const pair: Limit = {
    key: `login:email-ip:${email}|${ip}`,
    max: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowMs: window,
  };
  const account: Limit = { key: `login:email:${email}`, max: env.AUTH_SLOW_AFTER_FAILURES, windowMs: window };
  const slow: Limit = {
    key: `login:slow:${email}|${ip}`,
    max: 1,
    windowMs: env.AUTH_SLOW_INTERVAL_SECONDS * 1000,
  };
  const taken: Limit[] = [];

  async function refuse(waitMs: number, message?: string): Promise<never> {
    await refundLimits(deps, taken.splice(0));
    throw new RateLimitError(waitMs, message);
  }

  return {
    /** Before the password is checked: 429 when this address, or this address on this account, is over. */
    async before(): Promise<void> {
      const now = new Date();
      const [fromAddress, fromPair, onAccount] = await countHits(deps, [address, pair, account], now);
      taken.push(address, pair, account);
      const blocked = Math.max(fromAddress.retryAfterMs, fromPair.retryAfterMs);
      if (blocked > 0) await refuse(blocked);
      // More than this attempt on the pair's counter: the address failed here (or is trying in parallel).
      const failedHere = fromPair.count > 1;
      if (onAccount.retryAfterMs > 0) {
        // Every attempt under attack starts or uses its address's pace, but only one from an address
        // that failed here can be refused by it.
        const [paced] = await countHits(deps, [slow], now);
        taken.push(slow);
        if (paced.retryAfterMs > 0 && failedHere) await refuse(paced.retryAfterMs, SIGNIN_SLOWED);
      }
    },
    /** The password was right: this attempt was no failure, and its address's failures are forgiven. */
    async succeeded(): Promise<void> {
      await refundLimits(deps, [address, account]);
      await clearLimits(deps, [pair, slow]);
      taken.length = 0;
    },
  };
}
