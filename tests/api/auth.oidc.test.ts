import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../src/server/auth/auth.repo';
import { createVerifiedUser, refreshCookie, setCookieLine, withCookie } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

/**
 * Sign-in end to end against a real OpenID provider (oidc-provider) on a loopback port: the
 * app's start redirect, the provider's login and consent (finished through its interaction API),
 * the code + PKCE exchange at the provider's token endpoint and the ID token check with its keys.
 */
const APP_ORIGIN = 'http://127.0.0.1:5999';
const CLIENT_ID = 'flowlearn-test';
const CLIENT_SECRET = 'a-long-client-secret-for-the-test-provider';

interface Account {
  email: string;
  email_verified: boolean;
  name: string;
}
const accounts: Record<string, Account> = {
  olivia: { email: 'olivia@example.org', email_verified: true, name: 'Olivia Oidc' },
  unverified: { email: 'nope@example.org', email_verified: false, name: 'Not Verified' },
  linked: { email: 'linked@example.org', email_verified: true, name: 'Linked Person' },
  squatted: { email: 'squatted@example.org', email_verified: true, name: 'Real Owner' },
};
let loginAs = 'olivia';

let server: Server;
let provider: InstanceType<typeof Provider>;
let t: TestApp;

async function interaction(req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  let result: Record<string, unknown>;
  if (details.prompt.name === 'login') {
    result = { login: { accountId: loginAs } };
  } else {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    result = { consent: { grantId: await grant.save() } };
  }
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${APP_ORIGIN}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts[sub];
      return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    jwks: { keys: [signingKey] },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    } else callback(req, res);
  });
  t = await createTestApp({
    PUBLIC_URL: APP_ORIGIN,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
  });
}, APP_START_MS);
beforeEach(async () => {
  loginAs = 'olivia';
  await t.reset();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Follows the provider's redirects with a cookie jar until it sends the browser back to the app. */
async function throughProvider(authUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authUrl;
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin === APP_ORIGIN) return next;
    url = next.toString();
  }
  throw new Error('too many redirects at the provider');
}

/** Starts at the app, signs in at the provider, and hands the callback to the app. */
async function signInWithOidc(next = '/demo-school/explore') {
  const start = await t.app.request(`/api/auth/oidc/start?next=${encodeURIComponent(next)}`);
  expect(start.status).toBe(302);
  const authUrl = new URL(start.headers.get('location') ?? '');
  const back = await throughProvider(authUrl.toString());
  expect(back.pathname).toBe('/api/auth/oidc/callback');
  const res = await t.app.request(`/api/auth/oidc/callback${back.search}`);
  return { authUrl, back, res, location: res.headers.get('location') ?? '' };
}

describe('[AUTH] OIDC sign-in against a real provider', () => {
  it('reports the provider as configured', async () => {
    const res = await t.call('GET', '/api/auth/config');
    expect(res.body).toEqual({ oidcEnabled: true, oidcProviderName: new URL(provider.issuer).host });
  });

  it('signs in with code flow + PKCE and creates a verified account', async () => {
    const { authUrl, res, location } = await signInWithOidc('/demo-school/explore');
    const p = authUrl.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('redirect_uri')).toBe(`${APP_ORIGIN}/api/auth/oidc/callback`);

    expect(res.status).toBe(302);
    expect(location).toBe('/editor/callback?next=%2Fdemo-school%2Fexplore');
    expect(setCookieLine(res.headers)).toContain('HttpOnly');
    const cookie = refreshCookie(res.headers) as string;
    const refreshed = await t.call('POST', '/api/auth/refresh', { headers: withCookie(cookie) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user).toMatchObject({
      email: 'olivia@example.org',
      fullname: 'Olivia Oidc',
      emailVerified: true,
    });
  });

  it('links to the existing account with the same e-mail', async () => {
    await createVerifiedUser(t, 'linked@example.org');
    const before = await findUserByEmail(t.database.db, 'linked@example.org');
    loginAs = 'linked';
    const { location, res } = await signInWithOidc('/personal/explore');
    expect(location).toBe('/editor/callback?next=%2Fpersonal%2Fexplore');
    const refreshed = await t.call('POST', '/api/auth/refresh', {
      headers: withCookie(refreshCookie(res.headers) as string),
    });
    expect(refreshed.body.user.id).toBe(before?.id);
    // The password still works too.
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: 'linked@example.org', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
  });

  it('takes over an unverified account from whoever registered the address first, dropping their password', async () => {
    await t.call('POST', '/api/auth/signup', {
      body: { email: 'squatted@example.org', password: 'attacker password' },
    });
    loginAs = 'squatted';
    const { location } = await signInWithOidc();
    expect(location).toMatch(/^\/editor\/callback\?next=/);
    const attacker = await t.call('POST', '/api/auth/login', {
      body: { email: 'squatted@example.org', password: 'attacker password' },
    });
    expect(attacker.status).toBe(401);
    expect((await findUserByEmail(t.database.db, 'squatted@example.org'))?.emailVerified).toBe(true);
  });

  it('refuses an unverified e-mail from the provider', async () => {
    loginAs = 'unverified';
    const { location, res } = await signInWithOidc();
    expect(location).toBe('/editor/callback?error=email_not_verified');
    expect(refreshCookie(res.headers)).toBeUndefined();
    expect(await findUserByEmail(t.database.db, 'nope@example.org')).toBeNull();
  });

  it('uses a state once, and refuses unknown states and provider errors with a redirect', async () => {
    const { back } = await signInWithOidc();
    const replay = await t.app.request(`/api/auth/oidc/callback${back.search}`);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe('/editor/callback?error=invalid_state');
    const forged = await t.app.request('/api/auth/oidc/callback?code=abc&state=forged');
    expect(forged.headers.get('location')).toBe('/editor/callback?error=invalid_state');
    const denied = await t.app.request('/api/auth/oidc/callback?error=access_denied&state=x');
    expect(denied.headers.get('location')).toBe('/editor/callback?error=access_denied');
    const empty = await t.app.request('/api/auth/oidc/callback');
    expect(empty.headers.get('location')).toBe('/editor/callback?error=invalid_request');
  });

  it('refuses a code that was not issued for this sign-in (PKCE and nonce are checked)', async () => {
    // Two sign-ins started; the provider's answer to the first is replayed with the second's state.
    const first = await t.app.request('/api/auth/oidc/start?next=/a');
    const back = await throughProvider(first.headers.get('location') ?? '');
    const second = new URL(
      (await t.app.request('/api/auth/oidc/start?next=/b')).headers.get('location') ?? '',
    );
    const mixed = new URLSearchParams(back.search);
    mixed.set('state', second.searchParams.get('state') ?? '');
    const res = await t.app.request(`/api/auth/oidc/callback?${mixed}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/editor/callback?error=token_exchange_failed');
    expect(refreshCookie(res.headers)).toBeUndefined();
  });

  it('falls back to the start page target when next is not a local path', async () => {
    const { location } = await signInWithOidc('https://evil.example/steal');
    expect(location).toBe('/editor/callback?next=%2F');
  });
});
