import { Hono } from 'hono';
import { ZCreateToolRequest, ZGenerateNameRequest, ZToolSearchQuery } from '../../shared/contract/tools';
import { markCreditsChanged } from '../credits/credits.http';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, query } from '../http/validate';
import { callerOf } from './caller';
import { createToolNamingService } from './tool-naming.service';
import { createToolsService } from './tools.service';

/** Tool explorer and tool creation (spec 01 §7, spec 03 §7). Every route: a signed-in user, in the space of the orgId header. */
export function toolsRoutes(deps: AppDeps) {
  const tools = createToolsService(deps);
  const naming = createToolNamingService(deps, tools);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return (
    new Hono<AppEnv>()
      // member of the space: its active tools (personal: the caller's own)
      .get('/tool/search', auth, scope, async (c) =>
        c.json(await tools.search(callerOf(c), query(c, ZToolSearchQuery))),
      )
      // member of the space; every flow must be one the caller may use there
      .post('/tool/generate-name-description', auth, scope, async (c) => {
        const body = await jsonBody(c, ZGenerateNameRequest);
        const { charged, ...answer } = await naming.generate(callerOf(c), body.flows, c.req.raw.signal);
        if (charged) markCreditsChanged(c);
        return c.json(answer);
      })
      // member of the space the tool belongs to (404 otherwise)
      .get('/tool/:id', auth, scope, async (c) =>
        c.json({ data: await tools.get(callerOf(c), c.req.param('id')) }),
      )
      // member of the space; PAY_BY_ORG exactly when the space is an organisation
      .post('/tool', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateToolRequest);
        return c.json(
          { data: await tools.create(callerOf(c), body), message: 'Tool created successfully' },
          201,
        );
      })
  );
}
