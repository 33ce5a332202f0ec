import { Hono } from 'hono';
import { ZModelListQuery, ZOrgModelsRequest } from '../../shared/contract/models';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, query } from '../http/validate';
import { createModelsService } from './models.service';

/** The model catalogue per node type and the organisation's model settings (spec 03 §1, §6, §9). */
export function modelsRoutes(deps: AppDeps) {
  const models = createModelsService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return (
    new Hono<AppEnv>()
      // signed-in user; members of the organisation in the orgId header see its settings applied
      .get('/models', auth, scope, async (c) =>
        c.json(await models.list(c.get('space'), query(c, ZModelListQuery).nodeType)),
      )
      // signed-in user, as above
      .get('/models/catalogue', auth, scope, async (c) => c.json(await models.catalogue(c.get('space'))))
      // admins of the organisation in the orgId header
      .put('/models/organization', auth, scope, async (c) => {
        const data = await models.saveOrgSettings(c.get('space'), await jsonBody(c, ZOrgModelsRequest));
        return c.json({ data, message: 'Model settings saved' });
      })
  );
}
