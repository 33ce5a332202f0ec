import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import type { TEnv } from '../env';
import { getOrCreateSetting } from './settings.repo';

/** HS256 only: the algorithm is pinned on verify so a token cannot pick its own. */
const ALG = 'HS256';
const ISSUER = 'flowlearn';
const AUDIENCE = 'flowlearn-api';
const SECRET_KEY = 'jwt_secret';

export interface AccessClaims {
  userId: string;
  email: string;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }>;
  /** Returns the claims, or null for any invalid, expired or foreign token. */
  verify(token: string): Promise<AccessClaims | null>;
}

/** The signing secret comes from JWT_SECRET or is generated once and shared through the database. */
export async function loadSecret(db: Db, env: TEnv): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const secret = await getOrCreateSetting(db, SECRET_KEY, () => randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(secret);
}

export async function createTokenService(db: Db, env: TEnv): Promise<TokenService> {
  const secret = await loadSecret(db, env);
  const ttl = env.ACCESS_TOKEN_TTL_SECONDS;
  return {
    async sign({ userId, email }) {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ email })
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
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { userId: payload.sub, email: payload.email };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
