import { type Context, Hono } from 'hono';
import {
  ZPromptTemplateIdParam,
  ZPromptTemplateInput,
  ZPromptTemplateListQuery,
} from '../../shared/contract/prompt-templates';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { createPromptTemplatesService, type TemplateCaller } from './prompt-templates.service';

const callerOf = (c: Context<AppEnv>): TemplateCaller => {
  const { orgId, role } = c.get('space');
  return { userId: c.get('auth').userId, orgId, isOrgAdmin: orgId !== null && role === 'admin' };
};

/**
 * /api/prompt-templates (spec 03 §3). Every route: a signed-in member of the space in the orgId
 * header. Members read; the author and the organisation's admins write; another space's id is 404.
 */
export function promptTemplatesRoutes(deps: AppDeps) {
  const templates = createPromptTemplatesService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZPromptTemplateIdParam).id;

  return new Hono<AppEnv>()
    .get('/prompt-templates', auth, scope, async (c) =>
      c.json(await templates.list(callerOf(c), query(c, ZPromptTemplateListQuery).keyword)),
    )
    .post('/prompt-templates', auth, scope, async (c) => {
      const body = await jsonBody(c, ZPromptTemplateInput);
      return c.json(await templates.create(callerOf(c), body), 201);
    })
    .get('/prompt-templates/:id', auth, scope, async (c) => c.json(await templates.get(callerOf(c), id(c))))
    .put('/prompt-templates/:id', auth, scope, async (c) => {
      const templateId = id(c);
      const body = await jsonBody(c, ZPromptTemplateInput);
      return c.json(await templates.update(callerOf(c), templateId, body));
    })
    .delete('/prompt-templates/:id', auth, scope, async (c) =>
      c.json(await templates.remove(callerOf(c), id(c))),
    );
}
