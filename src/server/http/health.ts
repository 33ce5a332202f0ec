import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';

const startedAt = Date.now();

/** GET /api/health: public; says whether the database answers. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    let db: 'up' | 'down' = 'up';
    try {
      await deps.database.db.execute(sql`select 1`);
    } catch {
      db = 'down';
    }
    const body = {
      status: db === 'up' ? 'ok' : 'degraded',
      db,
      engine: deps.database.kind,
      uptimeMs: Date.now() - startedAt,
    };
    return c.json(body, db === 'up' ? 200 : 503);
  });
}
