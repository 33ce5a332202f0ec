import type { TRunNode } from '../../shared/domain/runtime/graph';
import type { TServerBlockRequest, TServerBlockResult } from '../../shared/domain/runtime/server-blocks';
import { settingsOf } from '../../shared/domain/runtime/settings';
import { isRecord, type TJson } from '../../shared/domain/runtime/values';
import type { HttpOut } from '../adapters/http-out/http-out';

/**
 * API Call, run on the server from the author's settings in the saved flow: data.url (form 1),
 * data.method (form 2; POST when a body is linked, else GET), data.headers (an object, or JSON text in
 * form 3). `{{name}}` in the URL's path or query takes the run's variable, URL-encoded; the origin must
 * be written out, so no learner's value can send the request (and its secrets) to another host.
 * `{{secret:NAME}}` in a header or the query takes the operator's secret NAME (HTTP_OUT_SECRETS), which
 * is filled in here and never leaves the server.
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type TMethod = (typeof METHODS)[number];
const SECRET = /\{\{\s*secret:([A-Za-z0-9_]+)\s*\}\}/g;
const VARIABLE = /\{\{\s*(?!secret:)([^{}]+?)\s*\}\}/g;

class NotSetUp extends Error {
  constructor(readonly errorCode: string) {
    super(errorCode);
  }
}

function fillSecrets(text: string, secrets: Record<string, string>): string {
  return text.replace(SECRET, (_, name: string) => {
    const value = secrets[name];
    if (value === undefined) throw new NotSetUp('SECRET_MISSING');
    return value;
  });
}

/** The URL with variables filled in; secrets still as placeholders (safe to record). */
function urlWithVariables(template: string, variables: Record<string, string>): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0];
  if (!origin || origin.includes('{{')) throw new NotSetUp('API_URL_INVALID');
  return (
    origin +
    template
      .slice(origin.length)
      .replace(VARIABLE, (_, name: string) => encodeURIComponent(variables[name] ?? ''))
  );
}

function headersOf(data: Record<string, unknown>, formHeaders: string | undefined): Record<string, string> {
  // The block panel keeps data.headers as the JSON text the author typed; imports may hold an object.
  let raw: unknown = data.headers ?? formHeaders;
  if (typeof raw === 'string' && raw.trim() !== '') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new NotSetUp('API_HEADERS_INVALID');
    }
  }
  if (raw === undefined || raw === null || raw === '') return {};
  if (!isRecord(raw)) throw new NotSetUp('API_HEADERS_INVALID');
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
}

export async function runApiCall(
  node: TRunNode,
  req: TServerBlockRequest,
  deps: { http: HttpOut; secrets: Record<string, string> },
): Promise<TServerBlockResult> {
  const settings = settingsOf(node);
  const template = settings.text(['url'], 0)?.trim();
  if (!template) return { ok: false, errorCode: 'API_URL_MISSING', configured: false };
  const body = req.inputs.body;
  const named = settings.text(['method'], 1)?.trim().toUpperCase();
  const method: TMethod = METHODS.find((m) => m === named) ?? (body ? 'POST' : 'GET');
  let url: string;
  let headers: Record<string, string>;
  try {
    const visible = urlWithVariables(template, req.variables);
    url = fillSecrets(visible, deps.secrets);
    headers = Object.fromEntries(
      Object.entries(headersOf(node.data, settings.text(['headers'], 2))).map(([k, v]) => [
        k,
        fillSecrets(v, deps.secrets),
      ]),
    );
    const sent =
      body && method !== 'GET' && method !== 'DELETE'
        ? JSON.stringify(body.type === 'json' ? body.json : valueText(body))
        : undefined;
    const res = await deps.http.fetch({
      url,
      method,
      headers: {
        accept: 'application/json',
        ...(sent ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: sent,
      accept: ['application/json', '+json', 'text/*'],
    });
    if (res.status >= 400) return { ok: false, errorCode: `HTTP_STATUS_${res.status}`, configured: true };
    const answer = res.body.toString('utf8');
    let json: TJson = answer;
    try {
      json = JSON.parse(answer) as TJson;
    } catch {
      // a text answer travels as a JSON string
    }
    const where = new URL(visible);
    return {
      ok: true,
      outputs: { response: { type: 'json', json } },
      summary: `${method} ${where.origin}${where.pathname}`,
    };
  } catch (error) {
    if (error instanceof NotSetUp) return { ok: false, errorCode: error.errorCode, configured: false };
    throw error;
  }
}

const valueText = (v: TServerBlockRequest['inputs'][string]): string =>
  'text' in v ? v.text : JSON.stringify(v);
