import type { FileStorage } from '../adapters/storage/storage';
import type { Logger } from '../http/logger';
import type { ImageCompressor } from './image-pool';
import type { MediaRow } from './media.repo';

/**
 * The bytes of uploaded media beside the original: an image's compressed copy lives under a key of
 * its own, next to the original's (no column: a missing copy just means the original is used).
 */
export const compressedKeyOf = (storageKey: string): string =>
  `${storageKey.replace(/\.[a-z0-9]+$/, '')}.c.jpg`;

/**
 * Writes the compressed copy of an image when one is smaller; answers whether it did. The work runs
 * on a worker thread (image-pool.ts) and `bytes` may be handed over to it (read them before). When
 * the worker fails or times out the upload keeps only its original: logged, never an error.
 */
export async function storeCompressed(
  storage: FileStorage,
  images: ImageCompressor,
  logger: Logger,
  storageKey: string,
  bytes: Uint8Array,
  mime: string,
): Promise<boolean> {
  let copy: Uint8Array | null;
  try {
    copy = await images.compress(bytes, mime);
  } catch (err) {
    logger.warn('image not compressed; the original is kept', {
      storageKey,
      error: err instanceof Error ? err.message : String(err),
    });
    return false;
  }
  if (!copy) return false;
  await storage.put(compressedKeyOf(storageKey), copy, 'image/jpeg');
  return true;
}

/**
 * Deletes an upload's bytes and its compressed copy, if any. A failure is logged and left for the
 * caller to retry (the guest sweep keeps the row until the files are gone): never thrown.
 */
export async function removeStored(
  storage: FileStorage,
  storageKey: string,
  logger: Logger,
): Promise<boolean> {
  try {
    await storage.delete(compressedKeyOf(storageKey));
    await storage.delete(storageKey);
    return true;
  } catch (err) {
    logger.warn('stored file not removed', {
      storageKey,
      error: err instanceof Error ? err.message : String(err),
    });
    return false;
  }
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
