import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, zodToAppError } from './errors';

/** Parses a JSON body with the contract's schema; 400 naming the field on failure. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
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
