import type { Context } from 'hono';
import { AuthErrorCode, AuthMessage } from '../../shared/contract/auth';
import type { AppDeps, AppEnv } from '../http/context';
import {
  callerAddress,
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
 * Sign-in failures are limited per address and per account from one address (429 for 15 minutes
 * past the limit), so a guesser is stopped where it stands without locking the owner out elsewhere.
 * The account itself is never locked: past AUTH_SLOW_AFTER_FAILURES failures from anywhere it is only
 * slowed to one attempt per AUTH_SLOW_INTERVAL_SECONDS. Each attempt counts before the password is
 * checked (parallel guesses cannot slip through) and is given back when the password was right.
 */
export function signInLimits(c: Context<AppEnv>, deps: AppDeps, email: string) {
  const env = deps.env;
  const ip = callerAddress(c, env);
  const window = RATE_WINDOW_MS;
  const failures: Limit[] = [
    { key: `login:ip:${ip}`, max: env.AUTH_RATE_LIMIT_PER_IP, windowMs: window },
    { key: `login:email-ip:${email}|${ip}`, max: env.AUTH_RATE_LIMIT_PER_EMAIL, windowMs: window },
  ];
  const account: Limit = { key: `login:email:${email}`, max: env.AUTH_SLOW_AFTER_FAILURES, windowMs: window };
  const slow: Limit = { key: `login:slow:${email}`, max: 1, windowMs: env.AUTH_SLOW_INTERVAL_SECONDS * 1000 };

  return {
    /** Before the password is checked: 429 when this address, or this account from it, is over. */
    async before(): Promise<void> {
      const blocked = await hitLimits(deps, failures);
      if (blocked > 0) throw new RateLimitError(blocked);
      // Past its allowance the account takes one attempt per interval, from wherever it comes.
      if ((await hitLimits(deps, [account])) > 0) {
        const wait = await hitLimits(deps, [slow]);
        if (wait > 0) throw new RateLimitError(wait, SIGNIN_SLOWED);
      }
    },
    /** The password was right: this attempt was no failure. */
    async succeeded(): Promise<void> {
      await refundLimits(deps, [...failures, account]);
    },
  };
}
