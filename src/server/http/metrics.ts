import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { activityMetrics, allActivityMetrics } from './activity-metrics';
import { clientIp, parseTrustedProxies } from './client-ip';
import type { AppDeps, AppEnv } from './context';

/**
 * Prometheus metrics (`GET /metrics`, text format) with prom-client: requests and their latency per
 * route pattern (never per raw path, so ids do not explode the series), the PostgreSQL pool, what
 * the server did (statements stored, credit holds settled and released: activity-metrics.ts), its
 * queues, and the process's own figures (CPU, memory, event-loop delay, GC). One registry per app, so several apps
 * in one process (the tests) keep separate counts.
 */
export type TMetrics = { registry: Registry; middleware: MiddlewareHandler<AppEnv> };

export function createMetrics(deps: AppDeps): TMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'flowlearn_' });
  const requests = new Counter({
    name: 'flowlearn_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'flowlearn_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the answer starts), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = deps.database.pool;
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('flowlearn_db_pool_connections', 'PostgreSQL connections open', () => pool.totalCount);
    gauge('flowlearn_db_pool_idle', 'PostgreSQL connections idle', () => pool.idleCount);
    gauge(
      'flowlearn_db_pool_waiting',
      'Queries waiting for a PostgreSQL connection',
      () => pool.waitingCount,
    );
  }
  for (const metric of allActivityMetrics(activityMetrics(deps.database.db))) registry.registerMetric(metric);
  const images = deps.images;
  if (images)
    new Gauge({
      name: 'flowlearn_image_compression_waiting',
      help: 'Uploaded images queued for a free compression worker',
      registers: [registry],
      collect() {
        this.set(images.waiting());
      },
    });
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the route index is the handler's that answered: its pattern ('/api/flows/:id').
    const route = routePath(c) || 'unmatched';
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
    latency.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
  };
  return { registry, middleware };
}

/**
 * GET /metrics: with METRICS_TOKEN set, for a bearer of that token; without it, only from this
 * machine (a scraper beside the server), so request figures never leak to the internet by default.
 */
export function metricsRoutes(deps: AppDeps, metrics: TMetrics) {
  const proxies = parseTrustedProxies(deps.env.TRUST_PROXY);
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    const token = deps.env.METRICS_TOKEN;
    const allowed = token
      ? c.req.header('authorization') === `Bearer ${token}`
      : /^(127\.|::1$|::ffff:127\.)/.test(clientIp(c, proxies));
    if (!allowed) return c.json({ message: 'Not allowed to read the metrics.' }, 403);
    return c.text(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  });
}
