import type { AiContentPart, AiMessage } from '../adapters/ai/ai';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { findMediaMany } from './media.repo';
import { mayUseMedia } from './media-access';
import { imageDataUrl } from './media-files';

/** A message of the conversation with the ids of the images attached to it. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  mediaIds?: string[];
}

/** Images sent with one question at most (the newest ones; older attachments are left out). */
export const MAX_IMAGES = 10;

/**
 * The conversation as the model receives it: a user message with attached images becomes OpenAI
 * content parts, its text and then each image as a `data:` URL of its compressed copy (so any
 * OpenAI-compatible server gets it, local ones included; our download URLs need a sign-in). Only
 * images the caller uploaded, or that were uploaded in the chat's organisation, are used. An image
 * of the question itself that cannot be used is a 400 naming `mediaIds`; one of an older message
 * that is gone is left out.
 */
export async function withImages(
  db: Db,
  storage: FileStorage,
  turns: ChatTurn[],
  who: { userId: string; orgId: string | null },
  questionMediaIds: string[],
): Promise<AiMessage[]> {
  const wanted: string[] = [];
  for (let i = turns.length - 1; i >= 0 && wanted.length < MAX_IMAGES; i--) {
    for (const id of turns[i].mediaIds ?? []) if (wanted.length < MAX_IMAGES) wanted.push(id);
  }
  const plain = (t: ChatTurn): AiMessage => ({ role: t.role, content: t.content });
  if (!wanted.length) return turns.map(plain);
  const rows = await findMediaMany(db, wanted);
  const urls = new Map<string, string>();
  await Promise.all(
    rows
      .filter((r) => mayUseMedia(r, who))
      .map(async (r) => {
        const url = await imageDataUrl(storage, r);
        if (url) urls.set(r.id, url);
      }),
  );
  const missing = questionMediaIds.filter((id) => wanted.includes(id) && !urls.has(id));
  if (missing.length)
    throw badRequest(`mediaIds: ${missing[0]} is not an image of yours that a model can read`);
  return turns.map((t) => {
    const images = (t.mediaIds ?? []).flatMap((id) => {
      const url = urls.get(id);
      return url ? [{ type: 'image_url' as const, image_url: { url } }] : [];
    });
    if (!images.length) return plain(t);
    const parts: AiContentPart[] = [
      ...(t.content ? [{ type: 'text' as const, text: t.content }] : []),
      ...images,
    ];
    return { role: t.role, content: parts };
  });
}
