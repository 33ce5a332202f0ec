import type { Context } from 'hono';
import { ErrorCode } from '../../shared/contract/errors';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { hitCounter, pruneCounters } from './rate-limit.repo';

export const RATE_WINDOW_MS = 15 * 60 * 1000;
/** About one request in a hundred sweeps expired counters; no timer needed in any process. */
const PRUNE_CHANCE = 0.01;

/** Buckets are per endpoint, so a mistyped code does not use up the sign-in allowance. */
export type RateBucket = 'login' | 'signup' | 'verify' | 'resend' | 'forgot' | 'reset';

/**
 * The caller's address: the first x-forwarded-for entry when present (the server is expected to sit
 * behind a proxy in production), else the socket address, else 'unknown'.
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Counts one attempt per e-mail and per IP; 429 with Retry-After once either is over its limit.
 * Every attempt counts (not only failures), so guessing and mail-bombing are both bounded.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  deps: AppDeps,
  bucket: RateBucket,
  email: string,
): Promise<void> {
  const now = new Date();
  const db = deps.database.db;
  const checks = [
    { key: `${bucket}:email:${email}`, max: deps.env.AUTH_RATE_LIMIT_PER_EMAIL },
    { key: `${bucket}:ip:${clientIp(c)}`, max: deps.env.AUTH_RATE_LIMIT_PER_IP },
  ];
  let retryAfterMs = 0;
  for (const check of checks) {
    const { count, windowStart } = await hitCounter(db, check.key, now, RATE_WINDOW_MS);
    if (count > check.max) {
      retryAfterMs = Math.max(retryAfterMs, windowStart.getTime() + RATE_WINDOW_MS - now.getTime());
    }
  }
  if (Math.random() < PRUNE_CHANCE) await pruneCounters(db, new Date(now.getTime() - RATE_WINDOW_MS));
  if (retryAfterMs > 0) {
    c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw new AppError(ErrorCode.RATE_LIMITED, 429, 'Too many attempts. Please try again later.');
  }
}
