import { randomBytes } from 'node:crypto';

/** One part of a multipart/mixed body: its headers (lower-case names) and bytes. */
export interface Part {
  headers: Record<string, string>;
  body: Uint8Array;
}

export function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/**
 * The boundary a body declares by its first line (`--boundary` CRLF), for bodies sent with another
 * Content-Type; null when the body does not start like multipart. RFC 2046: 1–70 characters.
 */
export function declaredBoundary(body: Uint8Array): string | null {
  if (body[0] !== 45 || body[1] !== 45) return null;
  const end = indexOf(body.subarray(0, 80), CRLF, 2);
  if (end < 3) return null;
  const boundary = new TextDecoder().decode(body.subarray(2, end)).trimEnd();
  return /^[0-9A-Za-z'()+_,./:=? -]{1,70}$/.test(boundary) && !boundary.endsWith(' ') ? boundary : null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    if (haystack[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);

/** Splits a multipart body (RFC 2046); null when it is not well formed. */
export function parseMultipart(body: Uint8Array, boundary: string): Part[] | null {
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const parts: Part[] = [];
  let at = indexOf(body, delimiter, 0);
  if (at < 0) return null;
  while (true) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 45 && body[at + 1] === 45) return parts;
    const lineEnd = indexOf(body, CRLF, at);
    if (lineEnd < 0) return null;
    const start = lineEnd + 2;
    const next = indexOf(body, new Uint8Array([13, 10, ...delimiter]), start);
    if (next < 0) return null;
    const raw = body.subarray(start, next);
    const split = indexOf(raw, HEADER_END, 0);
    const headerText =
      split < 0
        ? raw[0] === 13 && raw[1] === 10
          ? ''
          : null
        : new TextDecoder().decode(raw.subarray(0, split));
    if (headerText === null) return null;
    const headers: Record<string, string> = {};
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: raw.subarray(split < 0 ? 2 : split + 4) });
    at = next + 2;
  }
}

/** Builds a multipart/mixed body; answers the bytes and the Content-Type with its boundary. */
export function buildMultipart(parts: Part[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `xapi-${randomBytes(12).toString('hex')}`;
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    chunks.push(enc.encode(`--${boundary}\r\n${head}\r\n`), part.body, enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    body.set(c, offset);
    offset += c.length;
  }
  return { body, contentType: `multipart/mixed; boundary=${boundary}` };
}
