import { join, resolve } from 'node:path';
import type { TEnv } from '../../env';
import type { Logger } from '../../http/logger';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';

/**
 * Where uploaded files live (xAPI attachments first; media and imports later). Keys are relative
 * paths of lowercase words, digits, '-', '_' and '/' that the caller builds (never user input).
 * The default is a folder (DATA_DIR/files); S3-compatible storage when S3_ENDPOINT and S3_BUCKET are set.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the bytes; writing the same key again replaces them. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the key has none. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY = /^[a-z0-9_-]+(?:\/[a-z0-9_.-]+)*$/;

export function createFileStorage(env: TEnv, logger?: Logger): FileStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      region: env.S3_REGION,
    });
  }
  if (env.S3_ENDPOINT || env.S3_BUCKET) {
    // Half a configuration: say so loudly rather than losing files in a container's folder silently.
    logger?.warn('S3_ENDPOINT and S3_BUCKET must both be set for S3 storage; files go to DATA_DIR/files');
  }
  return createLocalStorage(resolve(join(env.DATA_DIR, 'files')));
}
