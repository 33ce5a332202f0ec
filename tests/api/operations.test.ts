import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycle } from '../../src/server/http/health';
import { createTestApp, type TestApp } from './harness';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (auth?: string) => t.app.request('/metrics', { headers: auth ? { Authorization: auth } : {} });

describe('[OPERATIONS] metrics and readiness', () => {
  it('answers /metrics in Prometheus format to the bearer of METRICS_TOKEN only', async () => {
    expect((await scrape()).status).toBe(403);
    expect((await scrape('Bearer wrong-token-0123456789')).status).toBe(403);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE flowlearn_http_request_duration_seconds histogram');
    expect(text).toContain('flowlearn_process_cpu_user_seconds_total');
  });

  it('counts requests by route pattern, never by raw path (ids would explode the series)', async () => {
    await t.call('GET', '/api/health');
    await t.call('GET', '/api/flows/aaaaaaaaaaaaaaaaaaaaaaaa');
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(text).toMatch(
      /flowlearn_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/route="\/api\/flows\/:id"/);
    expect(text).not.toContain('aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('is ready while serving and not ready once draining, while health stays up', async () => {
    expect((await t.call('GET', '/api/ready')).body).toMatchObject({ ready: true, db: 'up' });
    lifecycle.draining = true;
    try {
      const ready = await t.call('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ready: false, draining: true });
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });
});
