import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters (N=2^14, r=8, p=1): ~16 MiB and ~50 ms per hash, OWASP's minimum for scrypt. */
const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...opts, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts) so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (!n || !r || !p || expected.length !== KEY_BYTES) return false;
  const key = await derive(password, salt, { N: n, r, p });
  return timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for unknown e-mails, so response times do not reveal
 * whether an account exists.
 */
export async function dummyPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('flowlearn-dummy-password');
  await verifyPassword(password, await dummy);
  return false;
}
