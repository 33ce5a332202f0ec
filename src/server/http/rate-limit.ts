import type { BlockList } from 'node:net';
import type { Context } from 'hono';
import { ErrorCode, type TErrorCode } from '../../shared/contract/errors';
import type { TEnv } from '../env';
import { addressBucket } from './address-bucket';
import { clientIp, parseTrustedProxies } from './client-ip';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { clearCounter, hitCounter, pruneCounters, unhitCounter } from './rate-limit.repo';

export const RATE_WINDOW_MS = 15 * 60 * 1000;
/** About one request in a hundred sweeps expired counters; no timer needed in any process. */
const PRUNE_CHANCE = 0.01;
/** The longest window of any counter (the codes per hour): nothing younger is swept. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/** Buckets are per endpoint, so a mistyped code does not use up the sign-in allowance. */
export type RateBucket = 'login' | 'signup' | 'verify' | 'resend' | 'forgot' | 'reset';

/** A 429 that carries its Retry-After (seconds, at least 1); the error handler sends the header. */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number, message = TOO_MANY_ATTEMPTS, code: TErrorCode = ErrorCode.RATE_LIMITED) {
    super(code, 429, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

const proxiesOf = new WeakMap<TEnv, BlockList>();

/**
 * The caller's address as rate limits count it (an IPv6 caller by its /64), trusting X-Forwarded-For
 * only from the proxies named in TRUST_PROXY.
 */
export function callerAddress(c: Context<AppEnv>, env: TEnv): string {
  let proxies = proxiesOf.get(env);
  if (!proxies) {
    proxies = parseTrustedProxies(env.TRUST_PROXY);
    proxiesOf.set(env, proxies);
  }
  return addressBucket(clientIp(c, proxies));
}

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one hit on every limit (atomically in the database, so it holds across processes) and
 * returns how long until the last one over its maximum frees up; 0 when none is over.
 */
export async function hitLimits(deps: AppDeps, limits: Limit[], now = new Date()): Promise<number> {
  const hits = await countHits(deps, limits, now);
  return Math.max(0, ...hits.map((h) => h.retryAfterMs));
}

/** One limit's state after a hit: its count in the window, and how long until it frees up (0: not over). */
export interface Hit {
  count: number;
  retryAfterMs: number;
}

/** Counts one hit on every limit, like hitLimits, and answers each limit's own count and wait. */
export async function countHits(deps: AppDeps, limits: Limit[], now = new Date()): Promise<Hit[]> {
  const db = deps.database.db;
  const hits: Hit[] = [];
  for (const limit of limits) {
    const { count, windowStart } = await hitCounter(db, limit.key, now, limit.windowMs);
    const retryAfterMs = count > limit.max ? windowStart.getTime() + limit.windowMs - now.getTime() : 0;
    hits.push({ count, retryAfterMs });
  }
  if (Math.random() < PRUNE_CHANCE) await pruneCounters(db, new Date(now.getTime() - LONGEST_WINDOW_MS));
  return hits;
}

/** Gives back one hit (a sign-in that turned out right is not a failure). */
export async function refundLimits(deps: AppDeps, limits: Limit[]): Promise<void> {
  for (const limit of limits) await unhitCounter(deps.database.db, limit.key);
}

/** Forgets every hit of the limits' windows (the caller proved who it is). */
export async function clearLimits(deps: AppDeps, limits: Limit[]): Promise<void> {
  for (const limit of limits) await clearCounter(deps.database.db, limit.key);
}

/**
 * Counts one attempt per e-mail and per address; 429 with Retry-After once either is over its limit.
 * Every attempt counts (not only failures), so guessing and mail-bombing are both bounded. Sign-in
 * has its own policy (signInLimits in auth/signin-limits.ts).
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  deps: AppDeps,
  bucket: Exclude<RateBucket, 'login'>,
  email: string,
): Promise<void> {
  const retryAfterMs = await hitLimits(deps, [
    { key: `${bucket}:email:${email}`, max: deps.env.AUTH_RATE_LIMIT_PER_EMAIL, windowMs: RATE_WINDOW_MS },
    {
      key: `${bucket}:ip:${callerAddress(c, deps.env)}`,
      max: deps.env.AUTH_RATE_LIMIT_PER_IP,
      windowMs: RATE_WINDOW_MS,
    },
  ]);
  if (retryAfterMs > 0) throw new RateLimitError(retryAfterMs);
}
