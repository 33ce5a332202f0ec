import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { AiProvider } from '../../src/server/adapters/ai/ai';
import { createAiProvider } from '../../src/server/adapters/ai/provider';
import { createMailAdapter, type MailAdapter } from '../../src/server/adapters/mail/mail';
import { createApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { createImageCompressor } from '../../src/server/chat/image-pool';
import { type Database, openDatabase } from '../../src/server/db/client';
import { readEnv, type TEnv } from '../../src/server/env';
import type { AppDeps } from '../../src/server/http/context';
import { createLogger } from '../../src/server/http/logger';
import { readTemplate } from './db-template';

/**
 * The real Hono app over a real database, driven through HTTP requests (app.request).
 * PGlite in memory by default; a real PostgreSQL when TEST_DATABASE_URL is set (CI runs both).
 * One database per test file; call `reset()` between tests.
 */
export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  reset(): Promise<void>;
  close(): Promise<void>;
  /** JSON request helper: returns status, parsed body and headers. */
  call(
    method: string,
    path: string,
    opts?: {
      body?: unknown;
      token?: string;
      orgId?: string;
      headers?: Record<string, string>;
      raw?: BodyInit;
    },
    // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers of every shape without casts
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

/** Hook/test timeout for starting an app: a fresh PGlite takes seconds, more on a busy machine. */
export const APP_START_MS = 60_000;

export interface TestAppOptions {
  /** Replaces the mail adapter the env would choose (dev outbox, or SMTP when SMTP_URL is set). */
  mail?: MailAdapter;
  /** Replaces the AI provider the env would choose (offline unless AI_BASE_URL is overridden). */
  ai?: AiProvider;
}

export async function createTestApp(
  overrides: Partial<Record<keyof TEnv, string>> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...overrides,
  });
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase(
    url ? { url } : { pgliteDir: 'memory://', pgliteTemplate: readTemplate() },
  );
  if (url) await database.truncateAll();
  const tokens = await createTokenService(database.db, env);
  const logger = createLogger((process.env.TEST_LOG as 'silent') ?? 'silent');
  const mail = opts.mail ?? createMailAdapter(env, database.db, logger);
  const ai = opts.ai ?? createAiProvider(env);
  const images = createImageCompressor({ logger });
  const deps: AppDeps = { env, database, logger, tokens, mail, ai, images };
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    reset: () => database.truncateAll(),
    close: async () => {
      await images.close();
      await database.close();
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      if (opts.orgId) headers.orgId = opts.orgId;
      let body: BodyInit | undefined = opts.raw;
      if (opts.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await app.request(path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}

/**
 * The test app behind @hono/node-server on a free port, as `npm start` runs it: for what only shows
 * over a real socket (bodies read from Node, keep-alive, Content-Length of gzip answers).
 */
export async function listen(t: TestApp): Promise<{ base: string; close(): Promise<void> }> {
  let server: ReturnType<typeof serve> | undefined;
  const base = await new Promise<string>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
  return { base, close: () => new Promise<void>((resolve) => server?.close(() => resolve())) };
}
