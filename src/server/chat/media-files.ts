import type { FileStorage } from '../adapters/storage/storage';
import { compressImage } from './image-compress';
import type { MediaRow } from './media.repo';

/**
 * The bytes of uploaded media beside the original: an image's compressed copy lives under a key of
 * its own, next to the original's (no column: a missing copy just means the original is used).
 */
export const compressedKeyOf = (storageKey: string): string =>
  `${storageKey.replace(/\.[a-z0-9]+$/, '')}.c.jpg`;

/** Writes the compressed copy of an image when one is smaller; answers whether it did. */
export async function storeCompressed(
  storage: FileStorage,
  storageKey: string,
  bytes: Uint8Array,
  mime: string,
): Promise<boolean> {
  const copy = compressImage(bytes, mime);
  if (!copy) return false;
  await storage.put(compressedKeyOf(storageKey), copy, 'image/jpeg');
  return true;
}

/** The compressed copy when there is one, else the original (null when neither is stored). */
export async function readPreferCompressed(
  storage: FileStorage,
  row: Pick<MediaRow, 'storageKey' | 'contentType' | 'kind'>,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (row.kind === 'image') {
    const copy = await storage.get(compressedKeyOf(row.storageKey));
    if (copy) return { bytes: copy, contentType: 'image/jpeg' };
  }
  const bytes = await storage.get(row.storageKey);
  return bytes ? { bytes, contentType: row.contentType } : null;
}

/** Image types the OpenAI-compatible vision APIs accept as input. */
export const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A `data:` URL of an image for a model: the compressed copy when there is one. */
export async function imageDataUrl(
  storage: FileStorage,
  row: Pick<MediaRow, 'storageKey' | 'contentType' | 'kind'>,
): Promise<string | null> {
  if (row.kind !== 'image' || !MODEL_IMAGE_TYPES.has(row.contentType)) return null;
  const found = await readPreferCompressed(storage, row);
  if (!found) return null;
  return `data:${found.contentType};base64,${Buffer.from(found.bytes).toString('base64')}`;
}
