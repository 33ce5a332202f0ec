import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '1024' });
});
afterAll(() => t.close());

describe('[FOUNDATION] http basics', () => {
  it('answers health with the database up', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', db: 'up' });
  });

  it('gives every answer a request id and security headers', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('replaces an unsafe request id with a fresh one', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('answers unknown api paths with the error envelope and 404', async () => {
    const res = await t.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect(res.body.message).toContain('/api/nothing-here');
  });

  it('refuses bodies past the limit with 413', async () => {
    const res = await t.call('POST', '/api/health', {
      raw: 'x'.repeat(4096),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE' });
  });
});
