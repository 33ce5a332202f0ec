import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMail } from '../../src/server/adapters/mail/outbox';
import { providerName } from '../../src/server/adapters/oidc/oidc-client';
import { setRefreshCookie } from '../../src/server/auth/cookies';
import { safeNext } from '../../src/server/auth/oidc.service';
import { DEMO_EMAIL, DEMO_ORG_CODE, DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed';
import { readEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/http/logger';
import { mailsTo } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
afterAll(() => t.close());

describe('[AUTH] configuration', () => {
  it('reports OIDC as off when it is not configured, and its routes answer 404', async () => {
    expect((await t.call('GET', '/api/auth/config')).body).toEqual({
      oidcEnabled: false,
      oidcProviderName: '',
    });
    const start = await t.call('GET', '/api/auth/oidc/start');
    expect(start).toMatchObject({ status: 404, body: { message: 'OIDC sign-in is not configured' } });
    expect((await t.call('GET', '/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
  });

  it('sends a browser that opens the OIDC routes while OIDC is off to the app error page', async () => {
    for (const path of ['/api/auth/oidc/start?next=/personal/explore', '/api/auth/oidc/callback?code=x']) {
      const res = await t.app.request(path, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/editor/error?reason=oidc-off');
    }
  });

  it(
    'names Google by its issuer and any other issuer by its host',
    async () => {
      expect(providerName('https://accounts.google.com')).toBe('Google');
      expect(providerName('https://sso.example.org/realms/school')).toBe('sso.example.org');
      const google = await createTestApp({
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
      });
      try {
        expect((await google.call('GET', '/api/auth/config')).body).toEqual({
          oidcEnabled: true,
          oidcProviderName: 'Google',
        });
      } finally {
        await google.close();
      }
    },
    APP_START_MS,
  );

  it('keeps only same-site paths as the post-sign-in target', () => {
    expect(safeNext('/demo-school/explore')).toBe('/demo-school/explore');
    for (const bad of [undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(safeNext(bad)).toBe('/');
    }
  });
});

describe('[AUTH] refresh cookie', () => {
  const cookieFor = async (env: Record<string, string>) => {
    const app = new Hono().get('/', (c) => {
      setRefreshCookie(c, readEnv(env), 'token');
      return c.text('ok');
    });
    return (await app.request('/')).headers.get('set-cookie') ?? '';
  };

  it('is Secure only when the public address is https, and lives REFRESH_TOKEN_TTL_DAYS', async () => {
    expect(await cookieFor({ PUBLIC_URL: 'https://flowlearn.example.org' })).toContain('Secure');
    expect(await cookieFor({ PUBLIC_URL: 'http://localhost:8080' })).not.toContain('Secure');
    expect(await cookieFor({ REFRESH_TOKEN_TTL_DAYS: '7' })).toContain(`Max-Age=${7 * 24 * 3600}`);
  });
});

describe('[AUTH] dev outbox', () => {
  it('stores the mail and prints one log line with the address and the code as fields', async () => {
    const lines: string[] = [];
    const mail = createOutboxMail(
      t.database.db,
      createLogger('info', {}, (l) => lines.push(l)),
    );
    await mail.send({
      to: 'log@example.org',
      subject: 'Code',
      text: 'Your code is 123456.',
      kind: 'code:signup',
      code: '123456',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"to":"log@example.org"');
    expect(lines[0]).toContain('"code":"123456"');
    const [stored] = await mailsTo(t, 'log@example.org');
    expect(stored).toMatchObject({
      subject: 'Code',
      text: 'Your code is 123456.',
      meta: { kind: 'code:signup', code: '123456' },
    });
  });
});

describe('[AUTH] demo seed', () => {
  it('seeds the demo teacher and Demo School once, and the demo account signs in', async () => {
    await t.reset();
    await seedDemo(t.deps);
    await seedDemo(t.deps);
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ fullname: 'Demo Teacher', emailVerified: true });
    const orgs = await t.call('GET', '/api/users/organizations', { token: login.body.accessToken });
    expect(orgs.body.data).toHaveLength(1);
    expect(orgs.body.data[0]).toMatchObject({ name: 'Demo School', orgCode: DEMO_ORG_CODE, role: 'admin' });
    const pub = await t.call('GET', `/api/organizations/by-org-code-public?orgcode=${DEMO_ORG_CODE}`);
    expect(pub.body.data.name).toBe('Demo School');
  });
});
