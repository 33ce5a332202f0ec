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
  addSignupCode,
  type CodeRow,
  consumeAllCodes,
  consumeCode,
  countCodeAttempts,
  findUserByEmail,
  findUserById,
  insertUser,
  openCodes,
  replaceCode,
  type UserRow,
  updateUser,
} from './auth.repo';
import { dummyPasswordCheck, hashPassword, verifyPassword } from './password';
import { createCodeHasher, newCode, sameDigest } from './secrets';
import type { IssuedSession, SessionService } from './session.service';
import { takeCodeAllowance } from './signin-limits';
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

  /** A sign-up code proves the mailbox only: the password is the one typed with it on verification. */
  async function sendSignupCode(email: string): Promise<void> {
    // Open codes of one address never share a value, so a code names exactly one sign-up.
    const taken = new Set((await openCodes(db, email, 'signup')).map((r) => r.codeHash));
    let code = newCode();
    let codeHash = await hashCode(email, 'signup', code);
    while (taken.has(codeHash)) {
      code = newCode();
      codeHash = await hashCode(email, 'signup', code);
    }
    const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS * 1000);
    await addSignupCode(db, { email, codeHash, expiresAt });
    await sendMail(codeMail(email, 'signup', code));
  }

  /**
   * Checks and uses up the matching open code; throws the code errors of the contract. Each try
   * counts against every open code first, and a code allows at most CODE_MAX_ATTEMPTS tries.
   */
  async function redeemCode(email: string, purpose: TCodePurpose, code: string): Promise<CodeRow> {
    const rows = await openCodes(db, email, purpose);
    if (!rows.length) throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
    const counted = await countCodeAttempts(db, email, purpose, CODE_MAX_ATTEMPTS);
    const live = rows.filter((r) => counted.has(r.id));
    const digest = await hashCode(email, purpose, code);
    const matches = (r: CodeRow) => sameDigest(digest, r.codeHash);
    const row = live.find(matches);
    // A code out of tries is refused even when right, until a new code is sent.
    if (!live.length || (!row && rows.some(matches))) {
      throw codeError(AuthErrorCode.CODE_ATTEMPTS_EXCEEDED, AuthMessage.codeAttempts);
    }
    const expired = (r: CodeRow) => r.expiresAt.getTime() <= Date.now();
    if (expired(row ?? live[0])) throw codeError(AuthErrorCode.CODE_EXPIRED, AuthMessage.codeExpired);
    if (!row || !(await consumeCode(db, row.id))) {
      throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
    }
    return row;
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
      // A repeat sign-up of an unverified account never changes its password: it only gets a code,
      // and the account's password is the one typed with the code on verification.
      await sendSignupCode(email);
    },

    /**
     * The code proves the mailbox, and the password typed with it (the one the verifier chose: the
     * client still holds it for the automatic sign-in) becomes the account's. A code never sets a
     * password the verifier did not type, so a stranger's sign-up of the address gains nothing.
     */
    async verify(email: string, code: string, password: string): Promise<void> {
      await redeemCode(email, 'signup', code);
      const user = await findUserByEmail(db, email);
      if (!user) throw codeError(AuthErrorCode.CODE_INVALID, AuthMessage.codeInvalid);
      if (!user.emailVerified) {
        await updateUser(db, user.id, { emailVerified: true, passwordHash: await hashPassword(password) });
      }
      // The other sign-ups' codes end here: whoever verifies later cannot change the password.
      await consumeAllCodes(db, email, 'signup');
      // The address is proven now: collection invitations sent to it before it had an account apply.
      await acceptPendingInvites(db, user.id, email);
    },

    async resendCode(email: string, purpose: TCodePurpose): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      if (purpose === 'signup') {
        if (user.emailVerified) return;
        return sendSignupCode(email);
      }
      await sendCode(email, purpose);
    },

    /** `passwordAccepted` runs as soon as the password is known to be right (the rate limits refund). */
    async login(
      email: string,
      password: string,
      passwordAccepted: () => Promise<void> = async () => undefined,
    ): Promise<IssuedSession> {
      const user = await findUserByEmail(db, email);
      const ok = user?.passwordHash
        ? await verifyPassword(password, user.passwordHash)
        : await dummyPasswordCheck(password);
      if (!user || !ok) {
        throw new AppError(AuthErrorCode.INVALID_CREDENTIALS, 401, AuthMessage.invalidCredentials);
      }
      await passwordAccepted();
      if (!user.emailVerified) {
        // The code carries no password: the verify step sets the one typed there.
        await takeCodeAllowance(deps, email);
        await sendSignupCode(email);
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
