import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { benchDeps } from './bench-app';
import { random, seed } from './tool-search.seed';

/**
 * The server of the load bench, in a process of its own as in production (the 50 clients run in
 * the bench's process): LOAD_DB_URL for PostgreSQL, else PGlite in memory. Seeds the 10,000 tools,
 * listens on a free port and prints one line of JSON ({ port, token, orgId }); stops on SIGTERM.
 */
const url = process.env.LOAD_DB_URL;
const database = await openDatabase(url ? { url } : { pgliteDir: 'memory://' });
await database.truncateAll();
const deps = await benchDeps(database);
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
