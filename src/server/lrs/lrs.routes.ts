import { Hono } from 'hono';
import { ZCreateLrsCredentialRequest, ZLrsKeyParams, ZLrsRetention } from '../../shared/contract/lrs';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params } from '../http/validate';
import { createCredentialsService } from './credentials.service';
import { createRetentionService } from './retention';

/** Credentials of the /xapi/ endpoint. */
export function lrsRoutes(deps: AppDeps) {
  const credentials = createCredentialsService(deps);
  const retention = createRetentionService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const endpointOf = (url: string) => `${deps.env.PUBLIC_URL ?? new URL(url).origin}/xapi/`;

  return (
    new Hono<AppEnv>()
      // admins of the organisation in the orgId header; in the personal space, its user
      .get('/lrs/credentials', auth, scope, async (c) =>
        c.json({
          data: await credentials.list(c.get('auth'), c.get('space')),
          endpoint: endpointOf(c.req.url),
        }),
      )
      // admins of the organisation; in the personal space, its user. The secret is in this answer only.
      .post('/lrs/credentials', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateLrsCredentialRequest);
        return c.json(
          await credentials.create(c.get('auth'), c.get('space'), body.name, endpointOf(c.req.url)),
          201,
        );
      })
      // admins of the organisation; in the personal space, its user (another space's key is 404)
      .delete('/lrs/credentials/:key', auth, scope, async (c) => {
        const { key } = params(c, ZLrsKeyParams);
        await credentials.revoke(c.get('auth'), c.get('space'), key);
        return c.json({ message: 'Credentials revoked' });
      })
      // How long the space keeps its statements (null: for ever); admins of the organisation, or the
      // personal space's user. The periodic sweep (retention.ts) applies it.
      .get('/lrs/retention', auth, scope, async (c) =>
        c.json(await retention.get(c.get('auth'), c.get('space'))),
      )
      .put('/lrs/retention', auth, scope, async (c) => {
        const body = await jsonBody(c, ZLrsRetention);
        return c.json(await retention.set(c.get('auth'), c.get('space'), body.months));
      })
  );
}
