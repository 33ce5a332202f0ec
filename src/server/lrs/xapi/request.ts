import type { Context } from 'hono';
import { hasUnstorableText, type XapiMajor } from '../../../shared/domain/xapi';
import { badRequest } from '../../http/errors';

/**
 * One /xapi/ request in a single shape, whether it came as plain HTTP or (xAPI 1.0.x only) in the
 * alternate request syntax: a POST with ?method=X whose form fields carry headers, parameters and
 * the content (Communication §1.3). Header names are lower-case.
 */
export interface XapiRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  resource: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  body: Uint8Array;
  contentType: string;
  /** null when the header is missing or names a version this LRS does not speak. */
  version: XapiMajor | null;
  /** The header as sent, for the error message. */
  versionHeader: string | undefined;
}

const FORM_HEADERS = [
  'authorization',
  'x-experience-api-version',
  'content-type',
  'content-length',
  'if-match',
  'if-none-match',
];
const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const;

export function majorOf(header: string | undefined): XapiMajor | null {
  const m = /^(1|2)\.0(?:\.\d+)?$/.exec(header?.trim() ?? '');
  return m ? (`${m[1]}.0` as XapiMajor) : null;
}

/** Query parameters; a name given twice is refused (which value would count?), NUL too. */
function queryParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k in out) throw badRequest(`${k}: the parameter is given more than once`);
    out[k] = checkedText(v, k);
  }
  return out;
}

/** PostgreSQL stores neither NUL nor unpaired surrogates: such a parameter is a 400, not a 500. */
function checkedText(value: string, name: string): string {
  if (hasUnstorableText(value) || hasUnstorableText(name))
    throw badRequest(`${name}: must not contain NUL or unpaired surrogate characters`);
  return value;
}

export async function readXapiRequest(c: Context): Promise<XapiRequest> {
  const url = new URL(c.req.url);
  const resource = url.pathname.replace(/^\/xapi\/?/, '').replace(/\/+$/, '');
  const method = c.req.method.toUpperCase() as XapiRequest['method'];
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((v, k) => {
    headers[k.toLowerCase()] = v;
  });
  const body = new Uint8Array(await c.req.arrayBuffer());
  const params = queryParams(url);

  if (params.method !== undefined) {
    const alt = params.method.toUpperCase();
    const formType = headers['content-type'] ?? '';
    const formVersion = /^application\/x-www-form-urlencoded/i.test(formType)
      ? new URLSearchParams(new TextDecoder().decode(body)).get('X-Experience-API-Version')
      : null;
    if (majorOf(formVersion ?? headers['x-experience-api-version']) !== '1.0')
      throw badRequest('method: the alternate request syntax exists only in xAPI 1.0.x');
    if (method !== 'POST') throw badRequest('method: the alternate request syntax must be sent with POST');
    if (!(METHODS as readonly string[]).includes(alt))
      throw badRequest(`method: ${params.method} is not an HTTP method xAPI uses`);
    if (Object.keys(params).length > 1)
      throw badRequest('the alternate request syntax takes only the method parameter in the query');
    if (!/^application\/x-www-form-urlencoded/i.test(formType))
      throw badRequest('Content-Type: the alternate request syntax sends application/x-www-form-urlencoded');
    const form = new URLSearchParams(new TextDecoder().decode(body));
    const altHeaders: Record<string, string> = { ...headers };
    const altParams: Record<string, string> = {};
    let content = '';
    delete altHeaders['content-type'];
    for (const [k, v] of form) {
      const lower = k.toLowerCase();
      if (FORM_HEADERS.includes(lower)) altHeaders[lower] = v;
      else if (k === 'content') content = v;
      else altParams[k] = checkedText(v, k);
    }
    const versionHeader = altHeaders['x-experience-api-version'];
    return {
      method: alt as XapiRequest['method'],
      resource,
      params: altParams,
      headers: altHeaders,
      body: new TextEncoder().encode(content),
      contentType: altHeaders['content-type'] ?? (content ? 'application/json' : ''),
      version: majorOf(versionHeader),
      versionHeader,
    };
  }
  const versionHeader = headers['x-experience-api-version'];
  return {
    method,
    resource,
    params,
    headers,
    body,
    contentType: headers['content-type'] ?? '',
    version: majorOf(versionHeader),
    versionHeader,
  };
}

/** Refuses parameters the resource does not define (Communication §3.2: 400 for unknown ones). */
export function allowParams(req: XapiRequest, allowed: readonly string[]): void {
  for (const name of Object.keys(req.params)) {
    if (!allowed.includes(name))
      throw badRequest(`${name}: not a parameter of ${req.method} ${req.resource}`);
  }
}

export function requireParam(req: XapiRequest, name: string): string {
  const value = req.params[name];
  if (value === undefined || value === '') throw badRequest(`${name}: the parameter is required`);
  return value;
}

/** true/false in any case: TinCanPython sends Python's `True`/`False` as they print. */
export function booleanParam(req: XapiRequest, name: string): boolean {
  const value = req.params[name]?.toLowerCase();
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') throw badRequest(`${name}: must be true or false`);
  return value === 'true';
}

/** A JSON parameter (agent) or body; 400 naming it when it is not JSON. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${what}: must be valid JSON`);
  }
}
