import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, zodToAppError } from './errors';

/**
 * The request body as text. Under Node with a declared Content-Length (Node's parser then delivers
 * exactly that many bytes, and limitBody has checked it) it is read straight from the IncomingMessage:
 * asking the Request for it makes @hono/node-server build a full fetch Request and a web stream
 * first, which costs more than the read on small JSON bodies (time to first token and the load
 * bench). Kept in Hono's body cache, so c.req.text() and c.req.json() still answer it afterwards.
 */
export async function bodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const direct =
    incoming !== undefined &&
    incoming.headers['content-length'] !== undefined &&
    incoming.headers['transfer-encoding'] === undefined &&
    !incoming.readableDidRead &&
    Object.keys(c.req.bodyCache).length === 0;
  if (!direct) return c.req.text();
  const read = readAll(incoming);
  (c.req.bodyCache as Record<string, unknown>).text = read;
  return read;
}

const utf8 = new TextDecoder();

async function readAll(incoming: IncomingMessage): Promise<string> {
  // Usually the whole body came in with the headers and waits in the stream's buffer: taken at once.
  const length = Number(incoming.headers['content-length']);
  if (length === 0) return '';
  if (incoming.readableLength >= length) {
    const whole = incoming.read() as Buffer | null;
    if (whole) return utf8.decode(whole);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  // As Request.text() decodes: UTF-8, a leading byte order mark dropped.
  return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** A contract's schema, or an object that parses as one (ZUpdateFlowRequestFast). */
type BodyParser<T> = {
  safeParse(raw: unknown): { success: true; data: T } | { success: false; error: z.ZodError };
};

/** Parses a JSON body with the contract's schema; 400 naming the field on failure. */
export async function jsonBody<T>(c: Context, schema: BodyParser<T>): Promise<T> {
  let raw: unknown;
  try {
    const text = await bodyText(c);
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('body: must be valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw zodToAppError(parsed.error, 'body');
  return parsed.data;
}

/** Parses the query string with the contract's schema. */
export function query<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw zodToAppError(parsed.error, 'query');
  return parsed.data;
}

/** Parses path parameters with the contract's schema. */
export function params<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) throw zodToAppError(parsed.error, 'path');
  return parsed.data;
}
