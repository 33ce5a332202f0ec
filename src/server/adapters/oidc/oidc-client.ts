import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';

/**
 * A relying party for any OpenID Connect issuer (Google, Cognito, Keycloak…): discovery, the
 * authorization URL, the code exchange with PKCE and the ID token check. Discovery documents and
 * key sets are cached in memory: they are public, identical in every process, and re-fetched on start.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** A failure with a short reason the sign-in page can show ("Failed to sign in with Google: {reason}"). */
export class OidcError extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'OidcError';
  }
}

const ZDiscovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
type Discovery = z.infer<typeof ZDiscovery>;

const ZTokenAnswer = z.object({ id_token: z.string(), access_token: z.string().optional() });
const TIMEOUT_MS = 10_000;
// Asymmetric only: an HS256 ID token would be signed with our own client secret.
const ID_TOKEN_ALGS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const trimSlash = (s: string) => s.replace(/\/+$/, '');

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new OidcError('provider_error', `${url} answered ${res.status}`);
  return res.json();
}

export function discover(issuer: string): Promise<Discovery> {
  const key = trimSlash(issuer);
  let found = discoveries.get(key);
  if (!found) {
    found = fetchJson(`${key}/.well-known/openid-configuration`).then((raw) => {
      const doc = ZDiscovery.parse(raw);
      if (trimSlash(doc.issuer) !== key) throw new OidcError('issuer_mismatch', doc.issuer);
      return doc;
    });
    // A failed discovery is not cached: the next sign-in tries again.
    found.catch(() => discoveries.delete(key));
    discoveries.set(key, found);
  }
  return found;
}

export async function authorizationUrl(
  cfg: OidcSettings,
  p: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
): Promise<string> {
  const doc = await discover(cfg.issuer);
  const url = new URL(doc.authorization_endpoint);
  const params = {
    response_type: 'code',
    client_id: cfg.clientId,
    redirect_uri: p.redirectUri,
    scope: 'openid email profile',
    state: p.state,
    nonce: p.nonce,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Exchanges the code, checks the ID token (signature, issuer, audience, expiry, nonce) and returns who it is. */
export async function exchangeCode(
  cfg: OidcSettings,
  p: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<OidcIdentity> {
  const doc = await discover(cfg.issuer);
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: p.code,
    redirect_uri: p.redirectUri,
    code_verifier: p.codeVerifier,
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) {
    // RFC 6749 §2.3.1: both parts are form-encoded before base64.
    const pair = `${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    body.set('client_id', cfg.clientId);
    body.set('client_secret', cfg.clientSecret);
  }
  const answer = ZTokenAnswer.safeParse(
    await fetchJson(doc.token_endpoint, { method: 'POST', headers, body }).catch((err) => {
      throw new OidcError('token_exchange_failed', (err as Error).message);
    }),
  );
  if (!answer.success) throw new OidcError('token_exchange_failed', 'no id_token');

  let keys = keySets.get(doc.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(doc.jwks_uri));
    keySets.set(doc.jwks_uri, keys);
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(answer.data.id_token, keys, {
      issuer: doc.issuer,
      audience: cfg.clientId,
      algorithms: ID_TOKEN_ALGS,
    }));
  } catch (err) {
    throw new OidcError('invalid_id_token', (err as Error).message);
  }
  if (claims.nonce !== p.nonce) throw new OidcError('invalid_id_token', 'nonce mismatch');
  const sub = claims.sub;
  if (typeof sub !== 'string') throw new OidcError('invalid_id_token', 'no subject');

  // Some issuers keep email/name out of the ID token and serve them from userinfo only.
  if (typeof claims.email !== 'string' && doc.userinfo_endpoint && answer.data.access_token) {
    const info = (await fetchJson(doc.userinfo_endpoint, {
      headers: { Authorization: `Bearer ${answer.data.access_token}`, Accept: 'application/json' },
    })) as Record<string, unknown>;
    if (info.sub === sub)
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
  }
  return {
    sub,
    email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
    // Some issuers send the flag as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}

/** 'Google' for Google, else the issuer's host, for the "Sign in with …" button. */
export function providerName(issuer: string): string {
  const host = new URL(issuer).host;
  return host === 'accounts.google.com' ? 'Google' : host;
}
