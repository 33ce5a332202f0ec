import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress as streamCompress } from 'hono/compress';

const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: gzip would save little and cost a trip to the thread pool. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * zlib level 1: on a 200-block flow (~80 KB of JSON) it takes about half the CPU of the default
 * level 6 for an answer a little larger.
 */
const LEVEL = 1;

const isJson = (type: string | null) => type !== null && /^application\/json\b/i.test(type);

/** Whether `Accept-Encoding` takes gzip (or anything, `*`) with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Gzips answers. JSON answers (every API answer: a whole string already) are compressed in one call
 * on libuv's thread pool, off the event loop, and sent with their length; other compressible answers
 * (the built client's files, streams) go through Hono's streaming compression.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = streamCompress();
  const done = async () => undefined;
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!isJson(res.headers.get('Content-Type'))) return streaming(c, done);
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    vary(res.headers);
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const packed = await gzipAsync(body, { level: LEVEL });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(packed.byteLength));
    c.res = new Response(new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength), {
      status: res.status,
      headers,
    });
  };
}

function vary(headers: Headers): void {
  const current = headers.get('Vary');
  if (current === '*' || (current && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current))) return;
  headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}
