import type { Db } from '../../db/client';
import type { Logger } from '../../http/logger';
import type { MailAdapter } from './mail';
import { recordMail } from './outbox.repo';

/**
 * The embedded default: nothing leaves the machine. The mail is stored in mail_outbox and one log
 * line carries `to` and `code` as fields, so a developer (or the e2e tests) can read the code.
 */
export function createOutboxMail(db: Db, logger: Logger): MailAdapter {
  return {
    kind: 'outbox',
    async send(message) {
      const meta: Record<string, string> = { kind: message.kind };
      if (message.code) meta.code = message.code;
      await recordMail(db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        meta,
        sentAt: null,
      });
      logger.info('mail (dev outbox)', {
        to: message.to,
        subject: message.subject,
        kind: message.kind,
        ...(message.code ? { code: message.code } : {}),
      });
    },
  };
}
