/** What a /xapi/ handler answers; the router turns it into an HTTP response with the xAPI headers. */
export interface XapiResponse {
  status: number;
  headers?: Record<string, string>;
  body?: Uint8Array | string | null;
}

export function json(value: unknown, status = 200, headers: Record<string, string> = {}): XapiResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

export const noContent = (headers: Record<string, string> = {}): XapiResponse => ({ status: 204, headers });

/** RFC 7231 date for Last-Modified. */
export const httpDate = (date: Date) => date.toUTCString();

/**
 * CORS for browser-based content (H5P, Articulate, Adapt, TinCanJS in a page on another origin):
 * any origin may call, with its own Basic credentials in the Authorization header. No cookie ever
 * authenticates /xapi/, so echoing the origin opens nothing a page could not already do.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    ...(origin ? { 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {}),
    'Access-Control-Allow-Methods': 'GET, HEAD, PUT, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      'Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match, Accept-Language, X-Experience-API-Hash',
    'Access-Control-Expose-Headers':
      'ETag, Last-Modified, Content-Type, X-Experience-API-Version, X-Experience-API-Consistent-Through',
    'Access-Control-Max-Age': '86400',
    // secureHeaders sets same-origin for the app; xAPI content on other origins must read answers.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
}
