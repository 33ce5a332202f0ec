import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { createAiProvider } from '../../src/server/adapters/ai/provider';
import { createMailAdapter } from '../../src/server/adapters/mail/mail';
import { createApp } from '../../src/server/app';
import { insertUser } from '../../src/server/auth/auth.repo';
import { createTokenService } from '../../src/server/auth/tokens';
import { createCreditsService } from '../../src/server/credits/credits.service';
import { openDatabase } from '../../src/server/db/client';
import { readEnv } from '../../src/server/env';
import type { AppDeps } from '../../src/server/http/context';
import { createLogger } from '../../src/server/http/logger';
import { parseCredits } from '../../src/shared/domain/decimal';
import { startOpenAiServer } from '../fixtures/openai-server';
import type { Bench, BenchRow } from './bench';

/**
 * Time to first token added by our server: the same request straight to a local OpenAI-compatible
 * server, and through POST /api/chat-with-ai (session check, user message saved, conversation loaded,
 * first credit hold, SSE), over real HTTP on 127.0.0.1 with PGlite. Then 100 streams at once.
 */
const SAMPLES = 200;
const CONCURRENT = 100;
const PIECES = Array.from({ length: 40 }, (_, i) => `token${i} `);

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** ms until the first `data:` event that carries text or reasoning, and until the stream ends. */
async function timeStream(url: string, headers: Record<string, string>, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let first = -1;
  let text = '';
  let events = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first < 0 && /"(content|reasoning_content|reasoningContent)":"[^"]/.test(text))
      first = performance.now() - t0;
  }
  events = text.split('\n\n').length - 1;
  return { first, total: performance.now() - t0, events, bytes: text.length };
}

export const chatBench: Bench = {
  name: 'chat',
  async run(): Promise<BenchRow[]> {
    const provider = await startOpenAiServer({ text: PIECES });
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JWT_SECRET: 'x'.repeat(40),
      AI_BASE_URL: provider.baseURL,
    });
    const logger = createLogger('silent');
    const tokens = await createTokenService(database.db, env);
    const deps: AppDeps = {
      env,
      database,
      logger,
      tokens,
      mail: createMailAdapter(env, database.db, logger),
      ai: createAiProvider(env),
    };
    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const user = await insertUser(database.db, {
        email: 'bench@chat.test',
        passwordHash: null,
        fullname: '',
        emailVerified: true,
      });
      if (!user) throw new Error('bench user');
      await createCreditsService(deps).grant({
        to: { kind: 'user', userId: user.id },
        amount: parseCredits('100000'),
        idempotencyKey: 'bench',
      });
      const { token } = await tokens.sign({ userId: user.id, email: user.email });
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
      for (let i = 0; i < 20; i++) {
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
      const added50 = pct(o, 50) - pct(d, 50);
      const added99 = pct(o, 99) - pct(d, 99);

      const rssBefore = process.memoryUsage().rss;
      const t0 = performance.now();
      const runs = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          timeStream(
            `${base}/api/chat-with-ai`,
            { ...auth, Accept: 'text/event-stream' },
            { query: 'Hello', model: 'gpt-5-mini' },
          ),
        ),
      );
      const wall = performance.now() - t0;
      const rssAfter = process.memoryUsage().rss;
      const events = runs.reduce((n, r) => n + r.events, 0);
      const firsts = runs.map((r) => r.first);

      const rows: BenchRow[] = [
        {
          figure: 'chat TTFT direct to provider p50 / p99',
          value: `${pct(d, 50).toFixed(2)} / ${pct(d, 99).toFixed(2)} ms`,
          target: '',
          withinTarget: null,
        },
        {
          figure: 'chat TTFT through our server p50 / p99',
          value: `${pct(o, 50).toFixed(2)} / ${pct(o, 99).toFixed(2)} ms`,
          target: '',
          withinTarget: null,
        },
        {
          figure: 'chat TTFT added by our server p50',
          value: `${added50.toFixed(2)} ms`,
          target: '≤ 2 ms',
          withinTarget: added50 <= 2,
        },
        {
          figure: 'chat TTFT added by our server p99',
          value: `${added99.toFixed(2)} ms`,
          target: '',
          withinTarget: null,
        },
        {
          figure: `chat ${CONCURRENT} concurrent streams`,
          value: `${(wall / 1000).toFixed(2)} s wall, ${((CONCURRENT * 1000) / wall).toFixed(0)} streams/s, ${((events * 1000) / wall).toFixed(0)} events/s`,
          target: '',
          withinTarget: null,
          notes: [
            `concurrent: first token p50 ${pct(firsts, 50).toFixed(1)} ms, p99 ${pct(firsts, 99).toFixed(1)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MB (server, provider and clients in one process); PGlite (one connection)`,
            `${SAMPLES} interleaved samples of each side after 20 warm-up rounds; the machine is shared, so figures are noisy`,
          ],
        },
      ];
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
      await database.close();
    }
  },
};
