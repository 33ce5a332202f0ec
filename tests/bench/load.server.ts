import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createOfflineProvider } from '../../src/server/adapters/ai/offline';
import { createMailAdapter } from '../../src/server/adapters/mail/mail';
import { createApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { openDatabase } from '../../src/server/db/client';
import { readEnv } from '../../src/server/env';
import type { AppDeps } from '../../src/server/http/context';
import { createLogger } from '../../src/server/http/logger';
import { random, seed } from './tool-search.seed';

/**
 * The server of the load bench, in a process of its own as in production (the 50 clients run in
 * the bench's process): LOAD_DB_URL for PostgreSQL, else PGlite in memory. Seeds the 10,000 tools,
 * listens on a free port and prints one line of JSON ({ port, token, orgId }); stops on SIGTERM.
 */
const url = process.env.LOAD_DB_URL;
const database = await openDatabase(url ? { url } : { pgliteDir: 'memory://' });
await database.truncateAll();
const env = readEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  JWT_SECRET: 'x'.repeat(40),
});
const logger = createLogger('silent');
const tokens = await createTokenService(database.db, env);
const mail = createMailAdapter(env, database.db, logger);
const deps: AppDeps = { env, database, logger, tokens, mail, ai: createOfflineProvider() };
const { token, orgId } = await seed(deps, random(11));
const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, token, orgId })}\n`);
process.once('SIGTERM', () => {
  server.close();
  void database
    .truncateAll()
    .finally(() => database.close())
    .finally(() => process.exit(0));
});
