import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeUser, type TestUser } from './helpers/users';

const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/auth/me")</script><circle r="4"/></svg>';

describe('[CHAT] downloads keep their own sandbox', () => {
  let t: TestApp;
  let dir: string;
  let ann: TestUser;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'media-sandbox-'));
    t = await createTestApp({ DATA_DIR: dir });
    ann = await makeUser(t, 'ann@example.com');
  }, APP_START_MS);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const uploadAndGet = async (name: string, text: string) => {
    const form = new FormData();
    form.set('media', new File([text], name));
    form.set('path', 'chat');
    const up = await t.call('POST', '/api/s3/upload', { token: ann.token, raw: form });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    return t.app.request(up.body.url, { headers: { Authorization: `Bearer ${ann.token}` } });
  };

  it('serves an SVG with script under the sandboxing policy and as an attachment', async () => {
    const res = await uploadAndGet('logo.svg', SVG_WITH_SCRIPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    // The app-wide policy (default-src 'self', scripts from self) must not replace the download's.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src 'self'");
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''logo.svg");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps passive types inline, still sandboxed, and other routes keep the app policy', async () => {
    const res = await uploadAndGet('notes ü.txt', 'Lava notes');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="notes _\.txt"; /);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const health = await t.app.request('/api/health');
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
