import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress as streamCompress } from 'hono/compress';
import { createGzipCache } from './text-memo';

const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: gzip would save little. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers up to this size are gzipped on the event loop: for a 200-block flow (~80 KB) that takes
 * ~0.2 ms, while a trip to libuv's thread pool costs nearly as much again in CPU (thread hand-over,
 * zlib stream set-up) and buys nothing when the cores are busy. Larger answers (tag searches of
 * ~500 KB, big flows) go to the thread pool so one answer cannot hold the loop for long.
 */
export const COMPRESS_SYNC_MAX_BYTES = 256 * 1024;
/**
 * zlib level 1: on a 200-block flow (~80 KB of JSON) it takes about half the CPU of the default
 * level 6 for an answer a little larger.
 */
const LEVEL = 1;
/** Room for the gzips of repeated answers (with their texts): some 200 flows of 200 blocks. */
const GZIP_CACHE_BYTES = 32 * 1024 * 1024;

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
 * Remembers the text of the answer a route builds from a string (`c.json`, `c.body(string)`), so it is
 * compressed or measured without being read back from the Response: on @hono/node-server an answer
 * built from a string is written to the socket as it is, while reading its body turns it into a web
 * Response with a stream first (a good part of a small request's CPU).
 */
function rememberText(c: Context): () => string | undefined {
  let text: string | undefined;
  let made: Response | undefined;
  const body = c.body;
  c.body = ((data: unknown, ...rest: unknown[]) => {
    const res = (body as (...a: unknown[]) => Response)(data, ...rest);
    text = typeof data === 'string' ? data : undefined;
    made = res;
    return res;
  }) as typeof c.body;
  // What c.json does (hono/dist/context.js), through the body above.
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) =>
    (c.body as (...a: unknown[]) => Response)(JSON.stringify(object), arg, {
      'Content-Type': 'application/json',
      ...headers,
    })) as typeof c.json;
  return () => (made !== undefined && c.res === made ? text : undefined);
}

/** Replaces the answer without Hono's merge of the old one's headers (which reads its body as a stream). */
function replace(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

/**
 * Gzips answers. JSON answers (every API answer) are compressed in one call, with their length;
 * other compressible answers (the built client's files, streams) go through Hono's streaming
 * compression.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = streamCompress();
  const repeated = createGzipCache(GZIP_CACHE_BYTES);
  const done = async () => undefined;
  return async (c, next) => {
    const textOf = rememberText(c);
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
    const text = textOf();
    let packed: Buffer;
    if (text !== undefined) {
      const length = Buffer.byteLength(text);
      // an answer built from text and too small to gzip is left as it is
      if (length < COMPRESS_MIN_BYTES) return;
      const key = res.status === 200 && length <= COMPRESS_SYNC_MAX_BYTES ? c.get('answerKey') : undefined;
      packed =
        key === undefined
          ? await gzipOf(Buffer.from(text))
          : repeated.get(key, text, () => gzipSync(text, { level: LEVEL }));
    } else {
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.byteLength < COMPRESS_MIN_BYTES) {
        replace(c, new Response(body, { status: res.status, headers: res.headers }));
        return;
      }
      packed = await gzipOf(body);
    }
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(packed.byteLength));
    replace(
      c,
      new Response(new Uint8Array(packed.buffer as ArrayBuffer, packed.byteOffset, packed.byteLength), {
        status: res.status,
        headers,
      }),
    );
  };
}

const gzipOf = (body: Uint8Array): Buffer | Promise<Buffer> =>
  body.byteLength <= COMPRESS_SYNC_MAX_BYTES
    ? gzipSync(body, { level: LEVEL })
    : gzipAsync(body, { level: LEVEL });

function vary(headers: Headers): void {
  const current = headers.get('Vary');
  if (current === '*' || (current && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current))) return;
  headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}
