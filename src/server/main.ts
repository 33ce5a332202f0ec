import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { readEnv } from './env';
import { lifecycle } from './http/health';
import { startRetentionSweeps } from './lrs/retention';
import { CLIENT_DIR } from './paths';
import { startGuestSweeps } from './player/guest-cleanup';

const SHUTDOWN_GRACE_MS = 10_000;

/** The only file that listens. Stops cleanly on SIGTERM/SIGINT so a restart loses no write. */
export async function main(): Promise<void> {
  const env = readEnv();
  const deps = await bootstrap(env, { clientDir: env.CLIENT_DIR ?? CLIENT_DIR });
  const app = createApp(deps);
  const stopGuestSweeps = startGuestSweeps(deps);
  const stopRetentionSweeps = startRetentionSweeps(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info: AddressInfo) => {
    const host = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
    deps.logger.info('listening', { url: `http://${host}:${info.port}/editor`, engine: deps.database.kind });
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    deps.logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      deps.logger.warn('requests still open after grace period; closing anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting, let requests in flight finish, then end the image workers and the database.
    server.close(async () => {
      stopGuestSweeps();
      stopRetentionSweeps();
      await deps.images?.close();
      await deps.database.close();
      deps.logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntry) void main();
