import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { findMediaMany, type MediaRow } from './media.repo';

/** Who uses media in a chat: the caller, in the chat's space (null: personal). */
export interface MediaUser {
  userId: string;
  orgId: string | null;
}

/** A file may be used in a chat by the one who uploaded it, or by anyone in the space it was uploaded to. */
export const mayUseMedia = (row: MediaRow, who: MediaUser): boolean =>
  row.userId === who.userId || (row.orgId !== null && row.orgId === who.orgId);

/**
 * Refuses, with a 400 naming `field`, an id that is not a file the caller may use in the chat: an
 * unknown id, or another user's upload from outside the chat's space. Saved messages keep only files
 * the chat could show, the same rule a question sent to a model follows (chat-images.ts).
 */
export async function requireUsableMedia(
  db: Db,
  ids: string[],
  who: MediaUser,
  field: string,
): Promise<void> {
  if (!ids.length) return;
  const usable = new Set((await findMediaMany(db, ids)).filter((r) => mayUseMedia(r, who)).map((r) => r.id));
  const refused = ids.find((id) => !usable.has(id));
  if (refused) throw badRequest(`${field}: ${refused} is not a file of yours in this space`);
}
