import { eq } from 'drizzle-orm';
import { newId } from '../../../shared/domain/ids';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta: Record<string, string>;
  sentAt: Date | null;
}

/** Keeps a copy of every mail (the dev outbox reads it; with SMTP it is the audit trail). */
export async function recordMail(db: Db, row: OutboxRow): Promise<string> {
  const id = newId();
  await db.insert(mailOutbox).values({ id, ...row, html: row.html ?? null, createdAt: new Date() });
  return id;
}

export async function markMailSent(db: Db, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
}
