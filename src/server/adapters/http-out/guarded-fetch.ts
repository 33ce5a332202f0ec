import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type BlockList, isIP } from 'node:net';
import { addressAllowed } from './address-policy';

/**
 * The one way blocks reach the outside web from the server (ARCHITECTURE §9): API Call, Web Crawler
 * and the web search adapter all call guardedFetch. It
 * - resolves the host once and connects to the address it checked (a custom `lookup`), so a DNS
 *   answer that changes between the check and the connection (rebinding) cannot slip through;
 * - checks every redirect hop the same way, and drops the caller's headers when a hop changes origin;
 * - caps the time of the whole exchange and the size of the body, and accepts only the content
 *   types the caller names.
 */

export type HttpOutErrorCode =
  | 'HTTP_OUT_BAD_URL'
  | 'HTTP_OUT_FORBIDDEN_ADDRESS'
  | 'HTTP_OUT_TOO_MANY_REDIRECTS'
  | 'HTTP_OUT_TOO_LARGE'
  | 'HTTP_OUT_TIMEOUT'
  | 'HTTP_OUT_CONTENT_TYPE'
  | 'HTTP_OUT_NETWORK';

/** errorCode is what the runtime reports to the author (errorCodeOf in runtime/executor.ts). */
export class HttpOutError extends Error {
  constructor(
    readonly errorCode: HttpOutErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpOutError';
  }
}

export type TResolved = { address: string; family: 4 | 6 };
/** Every address a host name has; tests pass their own to play a rebinding DNS server. */
export type TResolver = (hostname: string) => Promise<TResolved[]>;

export const systemResolver: TResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type THttpOutPolicy = {
  /** HTTP_OUT_ALLOW: ranges the operator opened (a local service, tests' fakes). */
  allow: BlockList;
  resolver?: TResolver;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
};

export type THttpOutRequest = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Media types accepted ('application/json', 'text/*', '*\/*'); others end with HTTP_OUT_CONTENT_TYPE. */
  accept: ReadonlyArray<string>;
};

export type THttpOutResponse = {
  status: number;
  /** The address of the last hop (after redirects). */
  url: string;
  contentType: string;
  body: Buffer;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that may follow a redirect to another origin; the rest may carry a secret. */
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-language', 'content-type', 'user-agent']);

/** A `lookup` for node's http that answers only addresses the policy allows, after one resolution. */
function checkedLookup(policy: THttpOutPolicy, onRefused: (address: string) => void): LookupFunction {
  const resolve = policy.resolver ?? systemResolver;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !addressAllowed(a.address, policy.allow));
        if (refused || addresses.length === 0) {
          onRefused(refused?.address ?? hostname);
          const error = new HttpOutError('HTTP_OUT_FORBIDDEN_ADDRESS', `${hostname} is not reachable`);
          callback(error as NodeJS.ErrnoException, '', 4);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HttpOutError('HTTP_OUT_BAD_URL', 'not a web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpOutError('HTTP_OUT_BAD_URL', 'only http and https addresses are fetched');
  }
  if (url.username || url.password)
    throw new HttpOutError('HTTP_OUT_BAD_URL', 'no credentials in the address');
  return url;
}

export function mediaTypeAccepted(contentType: string, accept: ReadonlyArray<string>): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return accept.some((a) => {
    if (a === '*/*') return true;
    if (a.endsWith('/*')) return type.startsWith(a.slice(0, -1));
    if (a.startsWith('+')) return type.endsWith(a);
    return type === a;
  });
}

type THop = { url: URL; method: string; headers: Record<string, string>; body?: string };

function sendOnce(hop: THop, policy: THttpOutPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const host = hop.url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through lookup: check it here.
  if (isIP(host) && !addressAllowed(host, policy.allow)) {
    return Promise.reject(new HttpOutError('HTTP_OUT_FORBIDDEN_ADDRESS', `${host} is not reachable`));
  }
  let refused = false;
  const lookup = checkedLookup(policy, () => {
    refused = true;
  });
  const client = hop.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      hop.url,
      // agent: false: no pooled socket opened for another hop's (checked) address is reused.
      { method: hop.method, headers: hop.headers, lookup, agent: false, signal },
      resolve,
    );
    req.on('error', (error) => {
      if (error instanceof HttpOutError) reject(error);
      else if (refused) reject(new HttpOutError('HTTP_OUT_FORBIDDEN_ADDRESS', `${host} is not reachable`));
      else if (signal.aborted) reject(new HttpOutError('HTTP_OUT_TIMEOUT', 'the site took too long'));
      else reject(new HttpOutError('HTTP_OUT_NETWORK', `could not reach ${host}`));
    });
    req.end(hop.body);
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new HttpOutError('HTTP_OUT_TOO_LARGE', `the answer is larger than ${maxBytes} bytes`);
  }
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        res.destroy();
        throw new HttpOutError('HTTP_OUT_TOO_LARGE', `the answer is larger than ${maxBytes} bytes`);
      }
      parts.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof HttpOutError) throw error;
    if (signal.aborted) throw new HttpOutError('HTTP_OUT_TIMEOUT', 'the site took too long');
    throw new HttpOutError('HTTP_OUT_NETWORK', 'the answer was cut off');
  }
  return Buffer.concat(parts);
}

export async function guardedFetch(
  request: THttpOutRequest,
  policy: THttpOutPolicy,
): Promise<THttpOutResponse> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...lowerKeys(request.headers) };
  let hop: THop = {
    url: parseUrl(request.url),
    method: request.method ?? 'GET',
    headers,
    body: request.body,
  };
  for (let redirects = 0; ; redirects++) {
    const res = await sendOnce(hop, policy, signal);
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location) {
      res.resume();
      if (redirects >= (policy.maxRedirects ?? 5)) {
        throw new HttpOutError('HTTP_OUT_TOO_MANY_REDIRECTS', 'too many redirects');
      }
      hop = nextHop(hop, res.statusCode ?? 0, location);
      continue;
    }
    const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
    if (!mediaTypeAccepted(contentType, request.accept)) {
      res.destroy();
      throw new HttpOutError('HTTP_OUT_CONTENT_TYPE', `the site answered ${contentType.split(';')[0]}`);
    }
    const body = await readCapped(res, policy.maxBytes, signal);
    return { status: res.statusCode ?? 0, url: hop.url.href, contentType, body };
  }
}

function nextHop(hop: THop, status: number, location: string): THop {
  const url = parseUrl(new URL(location, hop.url).href);
  // 303, and 301/302 after a POST as browsers do, become a GET without a body.
  const toGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
  let headers = hop.headers;
  if (url.origin !== hop.url.origin) {
    headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_SAFE.has(k)));
    headers['accept-encoding'] = 'identity';
  }
  if (toGet) {
    headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'));
    return { url, method: 'GET', headers };
  }
  return { url, method: hop.method, headers, body: hop.body };
}

const lowerKeys = (h: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
