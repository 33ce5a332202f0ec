import { Hono } from 'hono';
import {
  ZChangeOrgCodeRequest,
  ZCreateOrgRequest,
  ZOrgCodeQuery,
  ZOrgIdParam,
  ZSetDefaultLanguageRequest,
  ZSwitchOrgRequest,
} from '../../shared/contract/orgs';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { createOrgCodesService } from './org-codes.service';
import { createOrgsService } from './orgs.service';

/** Organisations, spaces and default languages (spec 01 §7). */
export function orgsRoutes(deps: AppDeps) {
  const orgs = createOrgsService(deps);
  const codes = createOrgCodesService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return (
    new Hono<AppEnv>()
      // signed-in user
      .get('/users/organizations', auth, scope, async (c) => c.json(await orgs.list(c.get('auth').userId)))
      // signed-in user; the target organisation must be one of theirs
      .put('/users/switch-org', auth, scope, async (c) => {
        const body = await jsonBody(c, ZSwitchOrgRequest);
        const lastVisitedOrgId = await orgs.switchOrg(c.get('auth').userId, body.orgId.trim());
        return c.json({ success: true, message: 'Organization switched successfully', lastVisitedOrgId });
      })
      // signed-in user
      .post('/users/join-org', auth, scope, async (c) => {
        const { orgcode } = query(c, ZOrgCodeQuery);
        const data = await codes.limitedLookup(c, () => orgs.join(orgcode, c.get('auth').userId));
        return c.json({ data, message: 'Joined organization successfully' });
      })
      // signed-in user
      .get('/users/user-default-language', auth, scope, async (c) =>
        c.json(await orgs.languages(c.get('auth').userId)),
      )
      // signed-in user (personal); admins of the organisation (orgId given)
      .put('/users/default-language', auth, scope, async (c) => {
        const body = await jsonBody(c, ZSetDefaultLanguageRequest);
        const userId = c.get('auth').userId;
        await orgs.setLanguage(userId, body.language, body.orgId?.trim());
        return c.json({
          success: true,
          message: 'Default language updated',
          ...(await orgs.languages(userId)),
        });
      })
      // signed-in user
      .get('/organizations/by-org-code', auth, scope, async (c) => {
        const { orgcode } = query(c, ZOrgCodeQuery);
        return c.json({
          data: await codes.limitedLookup(c, () => orgs.byCode(orgcode, c.get('auth').userId)),
        });
      })
      // public: the org-login page shows the organisation before sign-in; unknown codes are limited
      .get('/organizations/by-org-code-public', async (c) => {
        const { orgcode } = query(c, ZOrgCodeQuery);
        return c.json({ data: await codes.limitedLookup(c, () => orgs.byCodePublic(orgcode)) });
      })
      // signed-in user, who becomes its admin
      .post('/organizations', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateOrgRequest);
        return c.json({ data: await orgs.create(body, c.get('auth').userId) }, 201);
      })
      // admins of the organisation: a chosen code, or a fresh random one ({})
      .post('/organizations/:id/org-code', auth, scope, async (c) => {
        const { id } = params(c, ZOrgIdParam);
        const body = await jsonBody(c, ZChangeOrgCodeRequest);
        const data = await codes.change(id, c.get('auth').userId, body.orgCode);
        return c.json({ data, message: 'Organization code changed' });
      })
  );
}
