import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createAiProvider } from '../../src/server/adapters/ai/provider';
import { createApp } from '../../src/server/app';
import { createCreditsService } from '../../src/server/credits/credits.service';
import { openDatabase } from '../../src/server/db/client';
import { parseCredits } from '../../src/shared/domain/decimal';
import { type Bench, type BenchRow, percentile as pct } from './bench';
import { benchDeps, benchUser } from './bench-app';
import { imageUploadRows } from './chat.images';
import type { PeerAsk, StreamTiming } from './chat.peer';

/**
 * Time to first token added by our server: the same request straight to a local OpenAI-compatible
 * server, and through POST /api/chat-with-ai (session check, user message saved, conversation loaded,
 * first credit hold, SSE), over real HTTP on 127.0.0.1 with PGlite. Then 100 streams at once. The provider
 * and the client run in a worker thread (chat.peer.ts), the server in the main one.
 * CHAT_BENCH_ONLY=ttft measures the time to first token only (for a profile of that path).
 */
const SAMPLES = 200;
/**
 * Questions asked both ways before the samples: a server answers thousands, and the figure is its
 * steady state. With 20, V8 was still optimising our code and PGlite's WebAssembly during the
 * samples (added p50 1.8–2.1 ms then, 1.4–1.6 ms once warm).
 */
const WARM_UP = 400;
const CONCURRENT = 100;
const PIECES = Array.from({ length: 40 }, (_, i) => `token${i} `);

/** A worker running chat.peer.ts in `role`; its messages go to `onMessage`. */
function peerWorker(role: 'provider' | 'client', onMessage: (msg: Record<string, unknown>) => void) {
  // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const peer = new URL('./chat.peer.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(peer)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { role, text: PIECES } });
  worker.on('message', onMessage);
  return worker;
}

/** The provider and the timing client, each in its own thread (chat.peer.ts); answers come back by id. */
async function startPeer() {
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let providerReady: (v: string) => void = () => {};
  let clientReady: () => void = () => {};
  const baseURLOf = new Promise<string>((resolve) => {
    providerReady = resolve;
  });
  const clientUp = new Promise<void>((resolve) => {
    clientReady = resolve;
  });
  const provider = peerWorker('provider', (msg) => providerReady(String(msg.baseURL)));
  const client = peerWorker(
    'client',
    (msg: { id?: number; out?: unknown; error?: string; ready?: boolean }) => {
      if (msg.ready) return clientReady();
      const w = msg.id === undefined ? undefined : waiting.get(msg.id);
      if (!w || msg.id === undefined) return;
      waiting.delete(msg.id);
      if (msg.error) w.reject(new Error(msg.error));
      else w.resolve(msg.out);
    },
  );
  const failed = new Promise<never>((_, reject) => {
    provider.once('error', reject);
    client.once('error', reject);
  });
  let next = 0;
  const ask = <T>(msg: object) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      client.postMessage({ id, ...msg });
    });
  const [baseURL] = await Promise.race([Promise.all([baseURLOf, clientUp]), failed]);
  const exited = (w: Worker) => new Promise<void>((resolve) => w.once('exit', () => resolve()));
  return {
    baseURL,
    timeStream: (url: string, headers: Record<string, string>, body: unknown) =>
      ask<StreamTiming>({ url, headers, body }),
    timeMany: (many: Omit<PeerAsk, 'id'>[]) => ask<StreamTiming[]>({ many }),
    close: async () => {
      const done = Promise.all([exited(provider), exited(client)]);
      provider.postMessage({ close: true });
      client.postMessage({ close: true });
      await done;
    },
  };
}

/** Time to first token straight to the provider (d) and through our server (o), and what ours adds. */
function ttftFigures(engine: string, d: number[], o: number[]): BenchRow[] {
  const added50 = pct(o, 50) - pct(d, 50);
  const added99 = pct(o, 99) - pct(d, 99);
  const both = (v: number[]) => `${pct(v, 50).toFixed(2)} / ${pct(v, 99).toFixed(2)} ms`;
  return [
    {
      figure: `chat TTFT direct to provider p50 / p99, ${engine}`,
      value: both(d),
      target: '',
      withinTarget: null,
    },
    {
      figure: `chat TTFT through our server p50 / p99, ${engine}`,
      value: both(o),
      target: '',
      withinTarget: null,
    },
    {
      figure: `chat TTFT added by our server p50, ${engine}`,
      value: `${added50.toFixed(2)} ms`,
      target: '≤ 2 ms',
      withinTarget: added50 <= 2,
    },
    {
      figure: `chat TTFT added by our server p99, ${engine}`,
      value: `${added99.toFixed(2)} ms`,
      target: '',
      withinTarget: null,
    },
  ];
}

export const chatBench: Bench = {
  name: 'chat',
  async run(): Promise<BenchRow[]> {
    const provider = await startPeer();
    const timeStream = provider.timeStream;
    // CHAT_ENGINE=postgres: the server on PostgreSQL (TEST_DATABASE_URL, emptied first) instead of PGlite
    const url = process.env.CHAT_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    if (process.env.CHAT_ENGINE === 'postgres' && !url)
      throw new Error('CHAT_ENGINE=postgres needs TEST_DATABASE_URL');
    const engine = url ? 'PostgreSQL' : 'PGlite';
    const database = await openDatabase(url ? { url } : { pgliteDir: 'memory://' });
    if (url) await database.truncateAll();
    const deps = await benchDeps(database, { env: { AI_BASE_URL: provider.baseURL }, ai: createAiProvider });
    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { user, token } = await benchUser(deps, 'bench@chat.test', '');
      await createCreditsService(deps).grant({
        to: { kind: 'user', userId: user.id },
        amount: parseCredits('100000'),
        idempotencyKey: 'bench',
      });
      const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const created = await fetch(`${base}/api/chat-with-ai/chat`, {
        method: 'POST',
        headers: auth,
        body: '{"title":"bench"}',
      });
      const chatId = ((await created.json()) as { chat: { chatId: string } }).chat.chatId;
      const direct = () =>
        timeStream(
          `${provider.baseURL}/chat/completions`,
          { 'Content-Type': 'application/json' },
          {
            model: 'gpt-5-mini',
            stream: true,
            messages: [{ role: 'user', content: 'Hello' }],
          },
        );
      // A fresh chat every 20 questions keeps the conversation (and the prompt) short, as in real use.
      let chat = chatId;
      const ours = async (i: number) => {
        if (i % 20 === 0) {
          const c = await fetch(`${base}/api/chat-with-ai/chat`, {
            method: 'POST',
            headers: auth,
            body: '{}',
          });
          chat = ((await c.json()) as { chat: { chatId: string } }).chat.chatId;
        }
        return timeStream(
          `${base}/api/chat-with-ai`,
          { ...auth, Accept: 'text/event-stream' },
          {
            query: 'Hello',
            chatId: chat,
            model: 'gpt-5-mini',
          },
        );
      };
      for (let i = 0; i < WARM_UP; i++) {
        await direct();
        await ours(i);
      }
      const d: number[] = [];
      const o: number[] = [];
      // Interleaved, so that a noisy moment on the machine hits both sides alike.
      for (let i = 0; i < SAMPLES; i++) {
        d.push((await direct()).first);
        o.push((await ours(i)).first);
      }
      const ttftRows = ttftFigures(engine, d, o);
      if (process.env.CHAT_BENCH_ONLY === 'ttft') return ttftRows;

      const rssBefore = process.memoryUsage().rss;
      const t0 = performance.now();
      const runs = await provider.timeMany(
        Array.from({ length: CONCURRENT }, () => ({
          url: `${base}/api/chat-with-ai`,
          headers: { ...auth, Accept: 'text/event-stream' },
          body: { query: 'Hello', model: 'gpt-5-mini' },
        })),
      );
      const wall = performance.now() - t0;
      const rssAfter = process.memoryUsage().rss;
      const events = runs.reduce((n, r) => n + r.events, 0);
      const firsts = runs.map((r) => r.first);

      const rows: BenchRow[] = [
        ...ttftRows,
        {
          figure: `chat ${CONCURRENT} concurrent streams`,
          value: `${(wall / 1000).toFixed(2)} s wall, ${((CONCURRENT * 1000) / wall).toFixed(0)} streams/s, ${((events * 1000) / wall).toFixed(0)} events/s`,
          target: '',
          withinTarget: null,
          notes: [
            `concurrent: first token p50 ${pct(firsts, 50).toFixed(1)} ms, p99 ${pct(firsts, 99).toFixed(1)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MB (server and ${engine}; provider and clients in worker threads); ${url ? 'PostgreSQL (pool)' : 'PGlite (one connection)'}`,
            `${SAMPLES} interleaved samples of each side after ${WARM_UP} warm-up rounds; the machine is shared, so figures are noisy`,
          ],
        },
      ];
      rows.push(...(await imageUploadRows(deps, token)));
      const dist = join(process.cwd(), 'dist', 'client', 'assets');
      const chunk = existsSync(dist) ? readdirSync(dist).find((f) => /^ChatPage-.*\.js$/.test(f)) : undefined;
      rows.push(
        chunk
          ? {
              figure: 'chat screen chunk (gzip)',
              value: `${(gzipSync(readFileSync(join(dist, chunk)), { level: 9 }).length / 1024).toFixed(1)} KB`,
              target: '',
              withinTarget: null,
            }
          : {
              figure: 'chat screen chunk (gzip)',
              value: 'n/a',
              target: '',
              withinTarget: null,
              notes: ['run `npm run build` first'],
            },
      );
      return rows;
    } finally {
      server.close();
      await provider.close();
      if (url) await database.truncateAll();
      await database.close();
    }
  },
};
