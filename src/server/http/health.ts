import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';

const startedAt = Date.now();

/**
 * This process's lifecycle as the proxy should see it: once SIGTERM starts the drain, /api/ready
 * answers 503 so that new requests go to the other servers while those in flight finish.
 */
export const lifecycle = { draining: false };

async function databaseState(deps: AppDeps): Promise<'up' | 'down'> {
  try {
    await deps.database.db.execute(sql`select 1`);
    return 'up';
  } catch {
    return 'down';
  }
}

/**
 * GET /api/health (liveness: the process answers, and whether its database does) and GET /api/ready
 * (readiness: send it traffic — the database answers and the server is not draining). Both public.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/ready', async (c) => {
      const db = await databaseState(deps);
      const ready = db === 'up' && !lifecycle.draining;
      return c.json({ ready, db, draining: lifecycle.draining }, ready ? 200 : 503);
    })
    .get('/health', async (c) => {
      const db = await databaseState(deps);
      const body = {
        status: db === 'up' ? 'ok' : 'degraded',
        db,
        engine: deps.database.kind,
        uptimeMs: Date.now() - startedAt,
      };
      return c.json(body, db === 'up' ? 200 : 503);
    });
}
