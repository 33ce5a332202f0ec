import { type Context, Hono } from 'hono';
import {
  ZApiKeyActivityQuery,
  ZApiKeyIdParam,
  ZApiKeyListQuery,
  ZCreateApiKeyRequest,
  ZRenameApiKeyRequest,
} from '../../shared/contract/api-keys';
import { ZTopUpRequest } from '../../shared/contract/credits';
import { markCreditsChanged } from '../credits/credits.http';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import type { KeySpace } from './api-keys.repo';
import { createApiKeysService } from './api-keys.service';

const spaceOf = (c: Context<AppEnv>): KeySpace => {
  const { orgId, role } = c.get('space');
  return { userId: c.get('auth').userId, orgId, isOrgAdmin: orgId !== null && role === 'admin' };
};

/**
 * /api/api-keys (spec 03 §7). Every route: a signed-in member of the space in the orgId header.
 * A key is managed by its owner, and in an organisation by its admins; anyone else gets 404.
 */
export function apiKeysRoutes(deps: AppDeps) {
  const keys = createApiKeysService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZApiKeyIdParam).id;

  return new Hono<AppEnv>()
    .post('/api-keys', auth, scope, async (c) => {
      const body = await jsonBody(c, ZCreateApiKeyRequest);
      return c.json(await keys.create(spaceOf(c), body.name), 201);
    })
    .get('/api-keys', auth, scope, async (c) =>
      c.json(await keys.list(spaceOf(c), query(c, ZApiKeyListQuery))),
    )
    .post('/api-keys/topup/:id', auth, scope, async (c) => {
      const keyId = id(c);
      const body = await jsonBody(c, ZTopUpRequest);
      const retry = c.req.header('Idempotency-Key')?.slice(0, 100);
      const answer = await keys.topUp(spaceOf(c), keyId, body, retry);
      markCreditsChanged(c);
      return c.json(answer);
    })
    .put('/api-keys/:id', auth, scope, async (c) => {
      const keyId = id(c);
      const body = await jsonBody(c, ZRenameApiKeyRequest);
      return c.json(await keys.rename(spaceOf(c), keyId, body.name));
    })
    .delete('/api-keys/:id/refund', auth, scope, async (c) => {
      const answer = await keys.refundAndDelete(spaceOf(c), id(c));
      if (answer.refunded > 0) markCreditsChanged(c);
      return c.json(answer);
    })
    .get('/api-keys/:id/activity', auth, scope, async (c) => {
      const keyId = id(c);
      const { days } = query(c, ZApiKeyActivityQuery);
      return c.json({ data: await keys.activity(spaceOf(c), keyId, days) });
    });
}
