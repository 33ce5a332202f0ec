import { parentPort } from 'node:worker_threads';
import { compressImage } from './image-compress';

/**
 * The image worker thread (image-pool.ts): decodes and re-encodes one image a message, off the
 * server's event loop. The answer's bytes are transferred back, not copied.
 */
export interface ImageJob {
  id: number;
  bytes: Uint8Array;
  mime: string;
}
export type ImageAnswer = { id: number; out: Uint8Array | null } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('image-worker.ts runs as a worker thread only');
port.on('message', ({ id, bytes, mime }: ImageJob) => {
  try {
    const out = compressImage(bytes, mime);
    port.postMessage({ id, out } satisfies ImageAnswer, out ? [out.buffer as ArrayBuffer] : []);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies ImageAnswer);
  }
});
