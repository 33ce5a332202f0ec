import { Hono } from 'hono';
import { ZCreateTagRequest, ZTagQuery, ZUpdateTagRequest } from '../../shared/contract/tools';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, query } from '../http/validate';
import { callerOf } from './caller';
import { createTagsService } from './tags.service';

/** Tags of the tool explorer (spec 01 §7): global defaults plus the organisation's own. */
export function tagsRoutes(deps: AppDeps) {
  const tags = createTagsService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return (
    new Hono<AppEnv>()
      // member of the space
      .get('/tag', auth, scope, async (c) =>
        c.json({ data: await tags.list(callerOf(c), query(c, ZTagQuery).limit) }),
      )
      // organisation admin, in the organisation's space
      .post('/tag', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateTagRequest);
        return c.json(
          { data: await tags.create(callerOf(c), body), message: 'Tag created successfully' },
          201,
        );
      })
      // organisation admin; the tag must be the organisation's own (default tags are read-only)
      .put('/tag/:id', auth, scope, async (c) => {
        const body = await jsonBody(c, ZUpdateTagRequest);
        const data = await tags.update(callerOf(c), c.req.param('id'), body);
        return c.json({ data, message: 'Tag updated successfully' });
      })
      // organisation admin; the tag leaves the organisation's tools too
      .delete('/tag/:id', auth, scope, async (c) => {
        await tags.remove(callerOf(c), c.req.param('id'));
        return c.json({ message: 'Tag deleted successfully' });
      })
  );
}
