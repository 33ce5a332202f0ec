import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import {
  ErrorCode,
  type TErrorCode,
  type TErrorEnvelope,
  type TFieldIssue,
} from '../../shared/contract/errors';
import type { AppEnv } from './context';

/** What a service throws; the error middleware turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(ErrorCode.VALIDATION_ERROR, 400, message, details);
export const unauthenticated = (message = 'Not authenticated') =>
  new AppError(ErrorCode.UNAUTHENTICATED, 401, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(ErrorCode.FORBIDDEN, 403, message);
export const notFound = (what = 'Resource') => new AppError(ErrorCode.NOT_FOUND, 404, `${what} not found`);
export const conflict = (message: string, details?: unknown) =>
  new AppError(ErrorCode.CONFLICT, 409, message, details);

/** Turns zod issues into field-named issues and one readable sentence. */
export function zodToAppError(error: z.ZodError, where: string): AppError {
  const issues: TFieldIssue[] = error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : where,
    message: i.message,
  }));
  const message = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
  return badRequest(message, { issues });
}

export function errorResponse(c: Context<AppEnv>, err: unknown): Response {
  const envelope = (e: AppError): TErrorEnvelope =>
    e.details === undefined
      ? { message: e.message, errorCode: e.code }
      : { message: e.message, errorCode: e.code, details: e.details };
  if (err instanceof AppError) {
    const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    return c.json(envelope(err), err.status);
  }
  if (err instanceof z.ZodError) return c.json(envelope(zodToAppError(err, 'body')), 400);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code =
      status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : status === 401 ? ErrorCode.UNAUTHENTICATED : undefined;
    return c.json({ message: err.message || `HTTP ${status}`, ...(code ? { errorCode: code } : {}) }, status);
  }
  c.get('log').error('unhandled error', {
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return c.json({ message: 'Internal server error', errorCode: ErrorCode.INTERNAL }, 500);
}
