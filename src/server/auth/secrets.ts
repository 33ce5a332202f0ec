import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import type { TEnv } from '../env';
import { loadSecret } from './tokens';

/** A fresh 6-digit code; randomInt is uniform, unlike Math.random or a modulo of bytes. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** 32 random bytes: the refresh token handed to the browser. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type CodeHasher = (email: string, purpose: string, code: string) => Promise<string>;

/**
 * Codes are stored as HMAC-SHA256 keyed with a server secret: a plain hash of a 6-digit code would
 * fall to a million guesses offline if the table leaked. The key is derived from the token secret.
 */
export function createCodeHasher(db: Db, env: TEnv): CodeHasher {
  let key: Promise<Buffer> | undefined;
  const getKey = () => {
    key ??= loadSecret(db, env).then((secret) => createHmac('sha256', secret).update('email-codes').digest());
    return key;
  };
  return async (email, purpose, code) =>
    createHmac('sha256', await getKey())
      .update(`${purpose}:${email}:${code}`)
      .digest('hex');
}
