import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import type { Logger } from '../../http/logger';
import type { MailAdapter } from './mail';
import { markMailSent, recordMail } from './outbox.repo';

const REDACTED = '••••••';

/**
 * Real mail through any SMTP server. Options ride on the URL (smtp://user:pass@host:587,
 * smtps://… for implicit TLS, ?ignoreTLS=true …). The stored copy never holds the code, since
 * codes are kept only hashed.
 */
export function createSmtpMail(url: string, from: string, db: Db, logger: Logger): MailAdapter {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const redact = (s: string) => (message.code ? s.split(message.code).join(REDACTED) : s);
      const id = await recordMail(db, {
        to: message.to,
        subject: message.subject,
        text: redact(message.text),
        html: message.html === undefined ? undefined : redact(message.html),
        meta: { kind: message.kind },
        sentAt: null,
      });
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (err) {
        logger.error('mail not sent', { to: message.to, kind: message.kind, error: (err as Error).message });
        throw err;
      }
      await markMailSent(db, id);
      logger.info('mail sent', { to: message.to, kind: message.kind });
    },
  };
}
