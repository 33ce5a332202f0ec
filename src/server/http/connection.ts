import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { setAnswerHeader } from './answer-header';

/**
 * An answer given before the request body was read whole (a 401 or 413 on a large upload) says
 * `Connection: close`. Otherwise it would promise keep-alive while the server drops the unread rest
 * of the body by closing the socket, and the client's next request on that connection would fail
 * ("other side closed" in Node's fetch). A body read whole keeps the connection alive.
 */
export function closeOnUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || readWhole(incoming) || !hasBody(incoming)) return;
    setAnswerHeader(c, 'Connection', 'close');
  };
}

/**
 * Nothing of the body is left unread: the stream ended, or the whole message came in and its buffer
 * was taken at once (bodyText reads a small body in one go, before the stream emits its 'end').
 */
const readWhole = (req: IncomingMessage): boolean =>
  req.readableEnded || (req.complete && req.readableLength === 0);

const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
