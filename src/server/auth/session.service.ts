import { AuthErrorCode, type TSessionResponse } from '../../shared/contract/auth';
import { newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { AppError, unauthenticated } from '../http/errors';
import { findUserById, type UserRow } from './auth.repo';
import { newRefreshToken, sha256 } from './secrets';
import {
  findRefreshToken,
  insertRefreshToken,
  revokeAllForUser,
  revokeFamily,
  rotateRefreshToken,
} from './sessions.repo';
import { toUser } from './user-view';

/** Two tabs refreshing with the same cookie at once is not theft: the loser is told to retry. */
export const REFRESH_GRACE_MS = 10_000;

export interface IssuedSession {
  session: TSessionResponse;
  /** The refresh token for the cookie; only its SHA-256 is stored. */
  refreshToken: string;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: AppDeps) {
  const db = deps.database.db;
  const ttlMs = deps.env.REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000;

  async function accessFor(user: UserRow): Promise<TSessionResponse> {
    const { token, expiresAt } = await deps.tokens.sign({
      userId: user.id,
      email: user.email,
      sessionVersion: user.sessionVersion,
      guest: user.isGuest,
    });
    return { accessToken: token, expiresAt, user: toUser(user) };
  }

  return {
    /** A new sign-in: a new token family. */
    async start(user: UserRow): Promise<IssuedSession> {
      const refreshToken = newRefreshToken();
      const expiresAt = new Date(Date.now() + ttlMs);
      await insertRefreshToken(db, {
        userId: user.id,
        familyId: newId(),
        tokenHash: sha256(refreshToken),
        expiresAt,
      });
      return { session: await accessFor(user), refreshToken };
    },

    /** Rotation with reuse detection (OAuth 2.0 Security BCP §4.14). */
    async refresh(presented: string | undefined): Promise<IssuedSession> {
      if (!presented) throw unauthenticated('No session');
      const row = await findRefreshToken(db, sha256(presented));
      const now = Date.now();
      if (!row || row.revokedAt || row.expiresAt.getTime() <= now)
        throw unauthenticated('Your session has expired');
      if (row.rotatedAt) {
        if (now - row.rotatedAt.getTime() <= REFRESH_GRACE_MS) {
          throw new AppError(
            AuthErrorCode.REFRESH_RACE,
            401,
            'The session was just refreshed in another tab.',
          );
        }
        await revokeFamily(db, row.familyId);
        deps.logger.warn('refresh token reused; family revoked', {
          userId: row.userId,
          familyId: row.familyId,
        });
        throw new AppError(AuthErrorCode.REFRESH_REUSED, 401, 'Your session has expired');
      }
      const user = await findUserById(db, row.userId);
      if (!user) throw unauthenticated('Your session has expired');
      const refreshToken = newRefreshToken();
      const rotated = await rotateRefreshToken(db, row, {
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(now + ttlMs),
      });
      if (!rotated)
        throw new AppError(AuthErrorCode.REFRESH_RACE, 401, 'The session was just refreshed in another tab.');
      return { session: await accessFor(user), refreshToken };
    },

    /** The user a refresh token belongs to, if it was ever valid and is not revoked (for sign-out). */
    async userOfRefreshToken(presented: string | undefined): Promise<string | null> {
      if (!presented) return null;
      const row = await findRefreshToken(db, sha256(presented));
      return row && !row.revokedAt ? row.userId : null;
    },

    /** Sign-out everywhere: the refresh tokens are revoked and every access token ends now. */
    async revokeAll(userId: string): Promise<void> {
      await revokeAllForUser(db, userId);
      await deps.tokens.versions.bump(userId);
    },
  };
}
