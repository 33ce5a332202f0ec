import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import type { TEnv } from '../env';
import { createSessionVersions, type SessionVersions } from './session-versions';
import { getOrCreateSetting } from './settings.repo';

/** HS256 only: the algorithm is pinned on verify so a token cannot pick its own. */
const ALG = 'HS256';
const ISSUER = 'flowlearn';
const AUDIENCE = 'flowlearn-api';
const SECRET_KEY = 'jwt_secret';

export interface AccessClaims {
  userId: string;
  email: string;
  /** A guest learner's token (claim `guest`): only the player's routes of their assignment take it. */
  guest?: boolean;
}

export interface TokenService {
  /** Signs under the given session version, or the user's current one when none is given. */
  sign(claims: AccessClaims & { sessionVersion?: number }): Promise<{ token: string; expiresAt: number }>;
  /**
   * Returns the claims, or null for any invalid, expired or foreign token, and for a token of an
   * older session version (after sign-out or a password change) or of a user who no longer exists.
   */
  verify(token: string): Promise<AccessClaims | null>;
  /** The per-user session versions the tokens are checked against. */
  versions: SessionVersions;
}

/** The signing secret comes from JWT_SECRET or is generated once and shared through the database. */
export async function loadSecret(db: Db, env: TEnv): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const secret = await getOrCreateSetting(db, SECRET_KEY, () => randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(secret);
}

/** Tokens whose signature was checked, remembered so each request skips the HMAC (bounded, oldest out). */
const MAX_VERIFIED = 10_000;
type Verified = { userId: string; email: string; sv: number; exp: number; guest: boolean };

export async function createTokenService(db: Db, env: TEnv): Promise<TokenService> {
  const secret = await loadSecret(db, env);
  const ttl = env.ACCESS_TOKEN_TTL_SECONDS;
  const versions = createSessionVersions(db);
  const verified = new Map<string, Verified>();

  /** The signature and claims of a token, checked once per token string (the expiry on every use). */
  async function checked(token: string): Promise<Verified | null> {
    const hit = verified.get(token);
    if (hit) {
      if (hit.exp * 1000 > Date.now()) return hit;
      verified.delete(token);
      return null;
    }
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    if (typeof payload.exp !== 'number') return null;
    // Tokens issued before session versions existed carry none: they count as version 0.
    const sv = typeof payload.sv === 'number' ? payload.sv : 0;
    const entry = {
      userId: payload.sub,
      email: payload.email,
      sv,
      exp: payload.exp,
      guest: payload.guest === true,
    };
    if (verified.size >= MAX_VERIFIED) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, entry);
    return entry;
  }
  return {
    versions,
    async sign({ userId, email, sessionVersion, guest }) {
      const now = Math.floor(Date.now() / 1000);
      const sv = sessionVersion ?? (await versions.current(userId)) ?? 0;
      const token = await new SignJWT(guest ? { email, sv, guest: true } : { email, sv })
        .setProtectedHeader({ alg: ALG })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttl)
        .sign(secret);
      return { token, expiresAt: (now + ttl) * 1000 };
    },
    async verify(token) {
      try {
        const claims = await checked(token);
        if (!claims) return null;
        // Checked on every use: sign-out and a password change end the token at once.
        if ((await versions.current(claims.userId)) !== claims.sv) return null;
        return claims.guest
          ? { userId: claims.userId, email: claims.email, guest: true }
          : { userId: claims.userId, email: claims.email };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
