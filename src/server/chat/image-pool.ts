import { Worker } from 'node:worker_threads';
import type { Logger } from '../http/logger';
import type { ImageAnswer, ImageJob } from './image-worker';

/**
 * Compresses uploaded images on worker threads (image-worker.ts), so a large photo being decoded
 * and re-encoded never stalls the server's event loop. Workers start on the first image, are kept
 * for the next one, and end with close(). Every failure (crash, timeout, closed pool) rejects the
 * job: the caller keeps the original instead (media-files.ts).
 */
export interface ImageCompressor {
  /** The compressed JPEG copy, or null when it would not be smaller. `bytes` may be transferred. */
  compress(bytes: Uint8Array, mime: string): Promise<Uint8Array | null>;
  /** Images queued for a free worker right now (the /metrics queue length). */
  waiting(): number;
  close(): Promise<void>;
}

export interface ImageCompressorOptions {
  /** Worker threads (default 1: the machine's other core serves requests). */
  size?: number;
  /**
   * Longest time one image may take, queue included (default 30 s): a job still queued is dropped,
   * a running one ends its worker (a fresh one starts for the next image).
   */
  timeoutMs?: number;
  /** The worker's entry (tests point it elsewhere to see a failure). */
  workerUrl?: URL;
  logger?: Logger;
}

export const IMAGE_TIMEOUT_MS = 30_000;

/** From the TypeScript sources (tsx, vitest) a shim loads tsx first; the bundle has its own file. */
export const defaultWorkerUrl = (): URL =>
  import.meta.url.endsWith('.ts')
    ? new URL('./image-worker.dev.mjs', import.meta.url)
    : new URL('./image-worker.mjs', import.meta.url);

interface Pending {
  job: ImageJob;
  transfer: ArrayBuffer[];
  resolve(out: Uint8Array | null): void;
  reject(err: Error): void;
  /** Started when the job is queued: waiting for the worker counts too. */
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

export function createImageCompressor(opts: ImageCompressorOptions = {}): ImageCompressor {
  const size = Math.max(1, opts.size ?? 1);
  const timeoutMs = opts.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const drop = (slot: Slot, err: Error): Promise<unknown> => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    if (slot.busy) {
      clearTimeout(slot.busy.timer);
      slot.busy.reject(err);
      slot.busy = null;
    }
    const ended = slot.worker.terminate();
    pump();
    return ended;
  };

  const spawn = (): Slot => {
    const worker = new Worker(opts.workerUrl ?? defaultWorkerUrl());
    const slot: Slot = { worker, busy: null };
    worker.unref();
    worker.on('message', (answer: ImageAnswer) => {
      const job = slot.busy;
      if (!job || job.job.id !== answer.id) return;
      clearTimeout(job.timer);
      slot.busy = null;
      worker.unref();
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.out);
      pump();
    });
    worker.on('error', (err) => {
      opts.logger?.warn('image worker failed', { error: err.message });
      void drop(slot, err);
    });
    worker.on('exit', (code) => void drop(slot, new Error(`image worker exited with code ${code}`)));
    slots.push(slot);
    return slot;
  };

  const pump = () => {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.busy) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      const next = queue.shift() as Pending;
      slot.busy = next;
      slot.worker.ref();
      slot.worker.postMessage(next.job, next.transfer);
    }
  };

  return {
    compress(bytes, mime) {
      if (closed) return Promise.reject(new Error('the image compressor is closed'));
      // Transfer the bytes when they own their whole buffer; else send a copy, never a slice's neighbours.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const sent = own && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
      return new Promise((resolve, reject) => {
        const pending: Pending = {
          job: { id: nextId++, bytes: sent, mime },
          transfer: [sent.buffer as ArrayBuffer],
          resolve,
          reject,
        };
        pending.timer = setTimeout(() => {
          const late = new Error(`image compression took longer than ${timeoutMs} ms`);
          const queued = queue.indexOf(pending);
          if (queued >= 0) {
            queue.splice(queued, 1);
            reject(late);
            return;
          }
          const slot = slots.find((s) => s.busy === pending);
          if (slot) void drop(slot, late);
        }, timeoutMs);
        queue.push(pending);
        pump();
      });
    },
    waiting: () => queue.length,
    async close() {
      closed = true;
      for (const p of queue.splice(0)) {
        clearTimeout(p.timer);
        p.reject(new Error('the image compressor is closed'));
      }
      await Promise.all(slots.splice(0).map((s) => drop(s, new Error('the image compressor is closed'))));
    },
  };
}
