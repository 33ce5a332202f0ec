import {
  AuthErrorCode,
  AuthMessage,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  type TCodePurpose,
  type TUser,
} from '../../shared/contract/auth';
import { codeMail, signupAttemptMail } from '../adapters/mail/templates';
import { acceptPendingInvites } from '../collections/collections.service';
import type { AppDeps } from '../http/context';
import { AppError, unauthenticated } from '../http/errors';
import {
  consumeCode,
  countCodeAttempt,
  findUserByEmail,
  findUserById,
  insertUser,
  latestOpenCode,
  replaceCode,
  type UserRow,
  updateUser,
} from './auth.repo';
import { dummyPasswordCheck, hashPassword, verifyPassword } from './password';
import { createCodeHasher, newCode, sameDigest } from './secrets';
import type { IssuedSession, SessionService } from './session.service';
import { toUser } from './user-view';

const codeError = (errorCode: string, message: string) => new AppError(errorCode, 400, message);

export type AuthService = ReturnType<typeof createAuthService>;

/** Sign-up, codes, sign-in and password reset. Answers never reveal whether an e-mail has an account. */
export function createAuthService(deps: AppDeps, sessions: SessionService) {
  const db = deps.database.db;
  const hashCode = createCodeHasher(db, deps.env);

  async function sendMail(message: Parameters<AppDeps['mail']['send']>[0]): Promise<void> {
    try {
      await deps.mail.send(message);
    } catch {
      throw new AppError(
        AuthErrorCode.MAIL_FAILED,
        503,
        'The e-mail could not be sent. Please try again later.',
      );
    }
  }

  async function sendCode(email: string, purpose: TCodePurpose): Promise<void> {
    const code = newCode();
    const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS * 1000);
    await replaceCode(db, { email, purpose, codeHash: await hashCode(email, purpose, code), expiresAt });
    await sendMail(codeMail(email, purpose, code));
  }

  /** Checks and uses up the open code; throws the code errors of the contract. */
  async function redeemCode(email: string, purpose: TCodePurpose, code: string): Promise<void> {
    const row = await latestOpenCode(db, email, purpose);
    if (!row) throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
    if (row.attempts >= CODE_MAX_ATTEMPTS || !(await countCodeAttempt(db, row.id, CODE_MAX_ATTEMPTS))) {
      throw codeError(AuthErrorCode.CODE_ATTEMPTS_EXCEEDED, AuthMessage.codeAttempts);
    }
    if (row.expiresAt.getTime() <= Date.now())
      throw codeError(AuthErrorCode.CODE_EXPIRED, AuthMessage.codeExpired);
    const matches = sameDigest(await hashCode(email, purpose, code), row.codeHash);
    if (!matches || !(await consumeCode(db, row.id))) {
      throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
    }
  }

  return {
    async signup(email: string, password: string): Promise<void> {
      // Hash first on every path so the answer time does not depend on the account's state.
      const passwordHash = await hashPassword(password);
      let user = await findUserByEmail(db, email);
      user ??= await insertUser(db, { email, passwordHash, emailVerified: false });
      user ??= await findUserByEmail(db, email);
      if (!user) throw new Error('user vanished during sign-up');
      if (user.emailVerified) {
        // Never reveal that the account exists: the same answer, and the owner is told by mail.
        await deps.mail.send(signupAttemptMail(email)).catch(() => undefined);
        return;
      }
      if (user.passwordHash !== passwordHash) await updateUser(db, user.id, { passwordHash });
      await sendCode(email, 'signup');
    },

    async verify(email: string, code: string): Promise<void> {
      await redeemCode(email, 'signup', code);
      const user = await findUserByEmail(db, email);
      if (!user) throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
      if (!user.emailVerified) await updateUser(db, user.id, { emailVerified: true });
      // The address is proven now: collection invitations sent to it before it had an account apply.
      await acceptPendingInvites(db, user.id, email);
    },

    async resendCode(email: string, purpose: TCodePurpose): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      if (purpose === 'signup' && user.emailVerified) return;
      await sendCode(email, purpose);
    },

    async login(email: string, password: string): Promise<IssuedSession> {
      const user = await findUserByEmail(db, email);
      const ok = user?.passwordHash
        ? await verifyPassword(password, user.passwordHash)
        : await dummyPasswordCheck(password);
      if (!user || !ok) {
        throw new AppError(AuthErrorCode.INVALID_CREDENTIALS, 401, AuthMessage.invalidCredentials);
      }
      if (!user.emailVerified) {
        await sendCode(email, 'signup');
        throw new AppError(AuthErrorCode.USER_NOT_CONFIRMED, 403, AuthMessage.notConfirmed);
      }
      return sessions.start(user);
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user) await sendCode(email, 'reset');
    },

    async resetPassword(email: string, code: string, password: string): Promise<void> {
      await redeemCode(email, 'reset', code);
      const user = await findUserByEmail(db, email);
      if (!user) throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
      // A reset code proves the mailbox, so an unverified account becomes verified.
      await updateUser(db, user.id, { passwordHash: await hashPassword(password), emailVerified: true });
      await sessions.revokeAll(user.id);
    },

    async me(userId: string): Promise<TUser> {
      const user: UserRow | null = await findUserById(db, userId);
      if (!user) throw unauthenticated('Your session has expired');
      return toUser(user);
    },
  };
}
