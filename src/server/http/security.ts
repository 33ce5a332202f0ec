import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { ErrorCode } from '../../shared/contract/errors';
import type { AppEnv } from './context';

/**
 * Security headers with a Content-Security-Policy the built app passes (no inline scripts).
 * `embeddable`: the learner player's pages (/viewer), which the spec's embed code (an iframe 100%
 * wide, 600 high) puts on any site: any ancestor may frame them.
 */
export function securityHeaders(opts: { embeddable?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // React Flow and ApexCharts inject <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // data: plays the speech a Text to Speech block received from the media route (player).
      mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // The task preview drawer embeds viewer pages.
      frameSrc: ["'self'", 'https:'],
      frameAncestors: opts.embeddable ? ['*'] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    xFrameOptions: opts.embeddable ? false : 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: false,
    // A response that set its own header keeps it: a download's sandboxing policy
    // (download-headers.ts) is stricter than the app's and must not be replaced by it.
    overwrite: false,
  });
}

/**
 * Rejects bodies past the limit with 413 before they are read whole. A request without a body (GET,
 * HEAD) and one that declares its length are decided from the headers alone, as Hono's bodyLimit
 * decides them, without touching `c.req.raw.body`: on
 * @hono/node-server that getter turns the light request into a full web Request with a stream over
 * the socket (about a fifth of a small request's CPU), and the body would then be read through web
 * streams instead of straight from Node. Any other body (chunked, or of no declared length) goes
 * through Hono's counting reader.
 */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) =>
    c.json(
      {
        message: `Request body is larger than ${Math.round(maxSize / 1024 / 1024)} MB`,
        errorCode: ErrorCode.PAYLOAD_TOO_LARGE,
      },
      413,
    );
  const counting = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next();
    return counting(c, next);
  };
}
