import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import jpeg from 'jpeg-js';
import { createFileStorage } from '../../src/server/adapters/storage/storage';
import { createApp } from '../../src/server/app';
import { compressImage } from '../../src/server/chat/image-compress';
import { createImageCompressor, type ImageCompressor } from '../../src/server/chat/image-pool';
import type { AppDeps } from '../../src/server/http/context';
import type { BenchRow } from './bench';

/**
 * The event loop while a 4 MP photo is uploaded and its compressed copy made: the largest delay
 * (perf_hooks) with the copy made on this thread (as before the image worker) and on the worker.
 */
const ROUNDS = 3;

function photo4mp(): Uint8Array {
  const [w, h] = [2448, 1632];
  const data = Buffer.alloc(w * h * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (((i / 4) % w) * 255) / w;
    data[i + 1] = (Math.floor(i / 4 / w) * 255) / h;
    data[i + 2] = 96 + (seed & 0x1f);
    data[i + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ width: w, height: h, data }, 92).data);
}

/** The work on the calling thread: what the upload route did before the worker. */
const inline: ImageCompressor = {
  compress: async (bytes, mime) => compressImage(bytes, mime),
  waiting: () => 0,
  close: async () => {},
};

async function loopDelayMax(deps: AppDeps, images: ImageCompressor, token: string, bytes: Uint8Array) {
  const app = createApp({ ...deps, images });
  const upload = () => {
    const form = new FormData();
    form.set('media', new File([bytes.slice() as Uint8Array<ArrayBuffer>], 'photo.jpg'));
    form.set('path', 'bench');
    return app.request('/api/s3/upload', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  };
  await upload(); // warm-up (the worker starts)
  let max = 0;
  let wall = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const t0 = performance.now();
    const res = await upload();
    wall = Math.max(wall, performance.now() - t0);
    h.disable();
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    max = Math.max(max, h.max / 1e6);
  }
  return { max, wall };
}

export async function imageUploadRows(deps: AppDeps, token: string): Promise<BenchRow[]> {
  const bytes = photo4mp();
  const pool = createImageCompressor();
  const dir = mkdtempSync(join(tmpdir(), 'chat-bench-files-'));
  const local = {
    ...deps,
    storage: createFileStorage({ ...deps.env, DATA_DIR: dir, S3_ENDPOINT: undefined }),
  };
  try {
    const before = await loopDelayMax(local, inline, token, bytes);
    const after = await loopDelayMax(local, pool, token, bytes);
    return [
      {
        figure: 'chat 4 MP upload: event-loop delay max, copy on the main thread / on the worker',
        value: `${before.max.toFixed(0)} / ${after.max.toFixed(0)} ms`,
        target: '',
        withinTarget: null,
        notes: [
          `4 MP JPEG (${(bytes.byteLength / 1024).toFixed(0)} KB), ${ROUNDS} uploads each after a warm-up; upload wall max ${before.wall.toFixed(0)} / ${after.wall.toFixed(0)} ms`,
        ],
      },
    ];
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
