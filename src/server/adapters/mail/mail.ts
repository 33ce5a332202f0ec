import type { Db } from '../../db/client';
import type { TEnv } from '../../env';
import type { Logger } from '../../http/logger';
import { createOutboxMail } from './outbox';
import { createSmtpMail } from './smtp';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (e.g. 'code:signup'), kept with the stored copy. */
  kind: string;
  /** A one-time code inside the text: printed by the dev outbox, redacted from stored real mail. */
  code?: string;
}

/** One interface for every way of sending mail (ARCHITECTURE §1): the dev outbox or SMTP. */
export interface MailAdapter {
  readonly kind: 'outbox' | 'smtp';
  /** Throws when the mail could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

export function createMailAdapter(env: TEnv, db: Db, logger: Logger): MailAdapter {
  if (env.SMTP_URL) return createSmtpMail(env.SMTP_URL, env.MAIL_FROM, db, logger);
  return createOutboxMail(db, logger);
}
