import type { z } from 'zod';
import { CACHE_HEADER, QUEUED_HEADER, SAVED_AT_HEADER } from '../outbox/protocol';
import { CREDITS_CHANGED_HEADER } from './credits-header';

/**
 * The transport every feature uses: fetch + JSON + the contract's schema. The app configures it once
 * (token, orgId, what to do with errors); features only call `api.get/post/...`.
 */
/**
 * `queued`: the service worker kept a write in its outbox because the network failed (202 with the
 * queued header); it is sent later. Not a success: the caller has no answer to read yet.
 */
export type ApiErrorKind = 'http' | 'network' | 'cancelled' | 'offline' | 'invalid-response' | 'queued';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly errorCode?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiHooks {
  /** Returns a fresh access token (refreshing first when needed), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** The active organisation id, or null for the personal space. */
  getOrgId(): string | null;
  /** Called once per failed request, after classification; may show UI. */
  onError(error: ApiError, request: { method: string; path: string; quiet: boolean }): void;
  isOnline(): boolean;
  /** The answer came from the service worker's cache because the network failed: may be out of date. */
  onStale?(path: string, savedAt: string | null): void;
  /** The request moved credits (X-Credits-Changed): balances on screen are out of date. */
  onCreditsChanged?(): void;
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Raw body (e.g. a .flow file) sent as application/octet-stream. */
  binary?: Blob | ArrayBuffer | Uint8Array;
  schema?: S;
  signal?: AbortSignal;
  /** No Authorization header (public endpoints). */
  anonymous?: boolean;
  /** Errors are returned to the caller without toasts (the caller shows its own message). */
  quiet?: boolean;
  responseType?: 'json' | 'blob';
  /** Extra request headers (e.g. If-Match with a flow's revision). */
  headers?: Record<string, string>;
}

let hooks: ApiHooks = {
  getAccessToken: async () => null,
  getOrgId: () => null,
  onError: () => {},
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
};
let baseUrl = '';

export function configureApi(next: Partial<ApiHooks>, base = baseUrl): void {
  hooks = { ...hooks, ...next };
  baseUrl = base;
}

function buildUrl(path: string, query?: RequestOptions<undefined>['query']): string {
  const url = `${baseUrl}/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

export async function request<S extends z.ZodType | undefined = undefined>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<Result<S>> {
  const method = opts.method ?? (opts.body !== undefined || opts.binary ? 'POST' : 'GET');
  const fail = (e: ApiError): never => {
    hooks.onError(e, { method, path, quiet: opts.quiet ?? false });
    throw e;
  };
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (!opts.anonymous) {
    const token = await hooks.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const orgId = hooks.getOrgId();
    if (orgId && orgId !== 'personal') headers.orgId = orgId;
  }
  let body: BodyInit | undefined;
  if (opts.binary) {
    headers['Content-Type'] = 'application/octet-stream';
    body = opts.binary as BodyInit;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (opts.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError')) {
      return fail(new ApiError('cancelled', 'Request cancelled'));
    }
    if (!hooks.isOnline()) return fail(new ApiError('offline', 'You are offline'));
    return fail(new ApiError('network', err instanceof Error ? err.message : 'Network Error'));
  }
  if (res.headers.get(CACHE_HEADER) === 'stale') hooks.onStale?.(path, res.headers.get(SAVED_AT_HEADER));
  if (res.headers.get(CREDITS_CHANGED_HEADER)) hooks.onCreditsChanged?.();
  if (res.status === 202 && res.headers.get(QUEUED_HEADER)) {
    // Thrown rather than returned: callers that expect the saved object must not read a receipt as one.
    const receipt = await res.json().catch(() => null);
    return fail(
      new ApiError(
        'queued',
        'Saved on this device; it is sent when the network is back',
        202,
        'QUEUED',
        receipt,
      ),
    );
  }
  if (!res.ok) {
    // Read by hand rather than with zod so the shell chunk does not carry the schema library.
    const raw = (await res.json().catch(() => null)) as {
      message?: unknown;
      errorCode?: unknown;
      details?: unknown;
    } | null;
    const message = Array.isArray(raw?.message)
      ? raw.message.map(String).join(', ')
      : typeof raw?.message === 'string'
        ? raw.message
        : '';
    const errorCode = typeof raw?.errorCode === 'string' ? raw.errorCode : undefined;
    return fail(new ApiError('http', message, res.status, errorCode, raw?.details));
  }
  if (opts.responseType === 'blob') return (await res.blob()) as Result<S>;
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!opts.schema) return data as Result<S>;
  const parsed = opts.schema.safeParse(data);
  if (!parsed.success) return fail(new ApiError('invalid-response', `Unexpected answer from ${path}`));
  return parsed.data as Result<S>;
}

/** The Authorization and orgId headers every request carries (for uploads that report progress). */
export async function authHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const token = await hooks.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const orgId = hooks.getOrgId();
  if (orgId && orgId !== 'personal') headers.orgId = orgId;
  return headers;
}

/** `/api/<path>` under the configured base. */
export const apiUrl = (path: string): string => buildUrl(path);

/**
 * An error that arrived inside a stream that had started well (an `error` event with a code, such as
 * a wallet that ran dry half-way) goes through the same catalogue as a refused request: the credit
 * dialogs, or nothing for a quiet call.
 */
export function reportStreamError(
  path: string,
  error: { message: string; errorCode?: string },
  opts: { quiet?: boolean } = {},
): void {
  hooks.onError(new ApiError('http', error.message, undefined, error.errorCode), {
    method: 'POST',
    path,
    quiet: opts.quiet ?? false,
  });
}

/**
 * POST that answers a stream (server-sent events): the same headers and error handling as `request`,
 * but the Response is returned as soon as its head arrives, for the caller to read the body.
 */
export async function requestStream(
  path: string,
  body: unknown,
  opts: { signal?: AbortSignal; quiet?: boolean } = {},
): Promise<Response> {
  const fail = (e: ApiError): never => {
    hooks.onError(e, { method: 'POST', path, quiet: opts.quiet ?? false });
    throw e;
  };
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    ...(await authHeaders()),
  };
  let res: Response;
  try {
    res = await fetch(buildUrl(path), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (opts.signal?.aborted) return fail(new ApiError('cancelled', 'Request cancelled'));
    if (!hooks.isOnline()) return fail(new ApiError('offline', 'You are offline'));
    return fail(new ApiError('network', err instanceof Error ? err.message : 'Network Error'));
  }
  if (res.headers.get(CREDITS_CHANGED_HEADER)) hooks.onCreditsChanged?.();
  if (!res.ok) {
    const raw = (await res.json().catch(() => null)) as { message?: unknown; errorCode?: unknown } | null;
    const message = typeof raw?.message === 'string' ? raw.message : '';
    const errorCode = typeof raw?.errorCode === 'string' ? raw.errorCode : undefined;
    return fail(new ApiError('http', message, res.status, errorCode));
  }
  return res;
}

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(
    path: string,
    opts?: Omit<RequestOptions<S>, 'method' | 'body'>,
  ) => request(path, { ...opts, method: 'GET' }),
  post: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    opts?: RequestOptions<S>,
  ) => request(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    opts?: RequestOptions<S>,
  ) => request(path, { ...opts, method: 'PUT', body: body ?? {} }),
  patch: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    opts?: RequestOptions<S>,
  ) => request(path, { ...opts, method: 'PATCH', body: body ?? {} }),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, opts?: RequestOptions<S>) =>
    request(path, { ...opts, method: 'DELETE' }),
};
