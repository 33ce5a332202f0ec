import http from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { abortError } from './ai';

/** The answer of a POST once its headers are in; the body is read as it arrives. */
export interface PostAnswer {
  status: number;
  statusText: string;
  header(name: string): string | null;
  /** The body's bytes as they arrive; leaving the loop early closes the connection. */
  body: AsyncIterable<Uint8Array>;
  text(): Promise<string>;
}

/** Raised when the headers did not arrive within `headersTimeoutMs`. */
export class HeadersTimeoutError extends Error {}

/**
 * POST through Node's own http/https client on keep-alive connections (one pool per provider).
 * Used for the provider's streams instead of fetch: on the hot path of a chat answer the time to
 * first token counts, and fetch's web streams add about a quarter of a millisecond of
 * main-thread work per request before the first byte is passed on. `signal` aborts the request and
 * its body; the timeout covers the headers, then each silence of the stream (it may run long).
 */
export function createHttpPost(baseURL: string) {
  const secure = new URL(baseURL).protocol === 'https:';
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: 256 })
    : new http.Agent({ keepAlive: true, maxSockets: 256 });
  const send = secure ? https.request : http.request;
  // Request options per URL, parsed once (a provider has one URL; parsing it each time cost ~20 µs).
  const targets = new Map<string, http.RequestOptions>();
  const target = (url: string) => {
    let options = targets.get(url);
    if (!options) {
      options = urlToHttpOptions(new URL(url));
      if (targets.size < 16) targets.set(url, options);
    }
    return options;
  };

  return function post(
    url: string,
    headers: Record<string, string>,
    body: string,
    opts: { signal?: AbortSignal; headersTimeoutMs: number },
  ): Promise<PostAnswer> {
    return new Promise<PostAnswer>((resolve, reject) => {
      const { signal } = opts;
      if (signal?.aborted) return reject(abortError());
      const req = send({
        ...target(url),
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      });
      const onAbort = () => req.destroy(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(
        () => req.destroy(new HeadersTimeoutError('no answer in time')),
        opts.headersTimeoutMs,
      );
      req.on('error', (error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      req.on('response', (res) => {
        clearTimeout(timer);
        // A stream may run long, but not go quiet for as long as the headers may take.
        req.setTimeout(opts.headersTimeoutMs, () =>
          req.destroy(new HeadersTimeoutError('the stream stalled')),
        );
        res.once('close', () => signal?.removeEventListener('abort', onAbort));
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          header: (name) => {
            const v = res.headers[name.toLowerCase()];
            return Array.isArray(v) ? v.join(', ') : (v ?? null);
          },
          body: res,
          async text() {
            let out = '';
            res.setEncoding('utf8');
            for await (const part of res) out += part;
            return out;
          },
        });
      });
      req.end(body);
    });
  };
}
