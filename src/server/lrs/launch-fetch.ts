import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import { createLaunchesService } from './launches.service';

/**
 * cmi5's fetch URL (cmi5 §8.2.3): POST /xapi/launch/{id}/fetch/{code} answers the auth token once,
 * as `{"auth-token": …}` for `Authorization: Basic {token}`. A second call, a wrong code or an expired
 * launch is refused with 403 and cmi5's error shape (error-code 1: already used, 2: not valid), with
 * our envelope's message beside it.
 */
export function cmi5Fetch(deps: AppDeps) {
  const launches = createLaunchesService(deps.database);
  return async (c: Context<AppEnv>) => {
    const { id, code } = c.req.param();
    if (!/^[0-9a-f]{24}$/.test(id))
      return c.json({ message: 'id: must be an id of 24 hexadecimal characters', 'error-code': '3' }, 400);
    const secret = await launches.fetch(id, code);
    if (!secret) {
      const message =
        'This fetch URL was already used, has expired or is not valid: launch the activity again';
      return c.json({ message, 'error-code': '1', 'error-text': message }, 403);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ 'auth-token': Buffer.from(`launch-${id}:${secret}`).toString('base64') });
  };
}
