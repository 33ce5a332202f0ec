import type { MiddlewareHandler } from 'hono';
import { newId } from '../../shared/domain/ids';
import { setAnswerHeader } from './answer-header';
import type { AppEnv } from './context';
import type { Logger } from './logger';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives each request an id (kept from X-Request-Id when sane), a child logger and one access-log line. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : newId();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    setAnswerHeader(c, 'X-Request-Id', requestId);
    if (!c.req.path.startsWith('/api/')) return;
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
