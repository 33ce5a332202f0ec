import { Hono } from 'hono';
import {
  CollectionMessage,
  ZCollectionIdParam,
  ZCopyToOrgRequest,
  ZCreateCollectionRequest,
  ZInviteRequest,
  ZKeywordQuery,
  ZLimitQuery,
  ZMemberParam,
  ZUpdateCollectionRequest,
} from '../../shared/contract/collections';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { callerOf } from './access';
import { createCollectionsService } from './collections.service';

/**
 * /api/projects/*: collections and their members. Every route needs a signed-in user in the space of
 * the orgId header; who may do what inside a collection is stated per route (roles: spec 03 §6).
 */
export function collectionsRoutes(deps: AppDeps) {
  const service = createCollectionsService(deps);
  const members = service.members;
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Parameters<typeof params>[0]) => params(c, ZCollectionIdParam).id;

  return (
    new Hono<AppEnv>()
      // any signed-in user of the space, who becomes its owner
      .post('/projects', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateCollectionRequest);
        const data = await service.create(callerOf(c), body);
        return c.json({ data, message: CollectionMessage.created }, 201);
      })
      // the collections the caller may open in the space
      .get('/projects', auth, scope, async (c) => {
        const { keyword } = query(c, ZKeywordQuery);
        return c.json({ data: await service.list(callerOf(c), keyword) });
      })
      // owner, admins, collaborators (organisation admins count as admins)
      .get('/projects/:id', auth, scope, async (c) => c.json({ data: await service.get(callerOf(c), id(c)) }))
      // owner, admins
      .put('/projects/:id', auth, scope, async (c) => {
        const body = await jsonBody(c, ZUpdateCollectionRequest);
        const data = await service.update(callerOf(c), id(c), body);
        return c.json({ data, message: CollectionMessage.updated });
      })
      // owner only
      .delete('/projects/:id', auth, scope, async (c) =>
        c.json({ message: await service.remove(callerOf(c), id(c)) }),
      )
      // owner, admins; the caller must belong to the target space
      .post('/projects/:id/copy-to-org', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCopyToOrgRequest);
        const data = await service.copyToOrg(callerOf(c), id(c), body.orgId);
        return c.json({ data, message: CollectionMessage.copied }, 201);
      })
      // owner, admins, collaborators
      .get('/projects/:id/owner', auth, scope, async (c) => {
        query(c, ZLimitQuery);
        return c.json({ data: await members.owner(callerOf(c), id(c)) });
      })
      .get('/projects/:id/admins', auth, scope, async (c) => {
        const { limit } = query(c, ZLimitQuery);
        return c.json({ data: await members.list(callerOf(c), id(c), 'admin', limit) });
      })
      .get('/projects/:id/collaborators', auth, scope, async (c) => {
        const { limit } = query(c, ZLimitQuery);
        return c.json({ data: await members.list(callerOf(c), id(c), 'collaborator', limit) });
      })
      // owner, admins
      .post('/projects/:id/invite', auth, scope, async (c) => {
        const body = await jsonBody(c, ZInviteRequest);
        return c.json(await members.invite(callerOf(c), id(c), body.email, body.role), 201);
      })
      // owner, admins; any member for themselves (leaving)
      .delete('/projects/:id/collaborators/:userId', auth, scope, async (c) => {
        const p = params(c, ZMemberParam);
        return c.json({ message: await members.remove(callerOf(c), p.id, p.userId, 'collaborator') });
      })
      .delete('/projects/:id/admins/:userId', auth, scope, async (c) => {
        const p = params(c, ZMemberParam);
        return c.json({ message: await members.remove(callerOf(c), p.id, p.userId, 'admin') });
      })
  );
}
