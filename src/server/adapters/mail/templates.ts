import type { TCodePurpose } from '../../../shared/contract/auth';
import { CODE_TTL_SECONDS } from '../../../shared/contract/auth';
import type { MailMessage } from './mail';

const minutes = Math.round(CODE_TTL_SECONDS / 60);

/** The 6-digit code mail of sign-up and password reset. */
export function codeMail(to: string, purpose: TCodePurpose, code: string): MailMessage {
  const what = purpose === 'signup' ? 'verify your Flowlearn account' : 'reset your Flowlearn password';
  const subject =
    purpose === 'signup' ? 'Your Flowlearn verification code' : 'Your Flowlearn password reset code';
  const text = [
    `Your code to ${what} is ${code}.`,
    '',
    `It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
  ].join('\n');
  return { to, subject, text, kind: `code:${purpose}`, code };
}

/** Sent instead of a code when someone signs up with an address that already has an account. */
export function signupAttemptMail(to: string): MailMessage {
  const text = [
    'Someone tried to create a Flowlearn account with this e-mail address, which already has one.',
    '',
    'If it was you, sign in instead, or use "Forgot your Password?" to choose a new password.',
    'If it was not you, you can ignore this e-mail: your account is unchanged.',
  ].join('\n');
  return { to, subject: 'Sign-up attempt on your Flowlearn account', text, kind: 'signup-attempt' };
}
