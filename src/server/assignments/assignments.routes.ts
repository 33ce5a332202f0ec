import { type Context, Hono } from 'hono';
import {
  ZAddCoOwnersRequest,
  ZAssignmentIdParam,
  ZAssignmentListQuery,
  ZCodeParam,
  ZCoOwnerParam,
  ZCreateAccessLinkRequest,
  ZCreateAssignmentRequest,
  ZGenerateAssignmentNameRequest,
  ZJoinRequest,
  ZParticipantsQuery,
  ZRemoveParticipantsRequest,
  ZTogglePauseRequest,
  ZUpdateAssignmentRequest,
} from '../../shared/contract/assignments';
import { ZTopUpRequest } from '../../shared/contract/credits';
import { markCreditsChanged } from '../credits/credits.http';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { callerOf as toolCallerOf } from '../tools/caller';
import { createToolNamingService } from '../tools/tool-naming.service';
import { createToolsService } from '../tools/tools.service';
import { callerOf } from './access';
import { createAssignmentsService } from './assignments.service';
import { joinCodeLimits } from './join-code-limits';
import { createLinksService } from './links.service';
import { createPeopleService } from './people.service';

/**
 * /api/assignment/* (spec 02 §7). Every route needs a signed-in user in the space of the orgId header.
 * Managing routes: the owner, a co-owner or an admin of the assignment's organisation (403 for anyone
 * else in the space, 404 from another space). check-code: a member of the space (who may create
 * assignments there); generate and join: any signed-in user. check-code and join are limited per user
 * and per address (join-code-limits.ts), so join codes cannot be guessed.
 */
export function assignmentsRoutes(deps: AppDeps) {
  const assignments = createAssignmentsService(deps);
  const people = createPeopleService(deps);
  const links = createLinksService(deps);
  const codeLimits = joinCodeLimits(deps);
  const naming = createToolNamingService(deps, createToolsService(deps));
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZAssignmentIdParam).id;
  const origin = (c: Context<AppEnv>) =>
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;

  return (
    new Hono<AppEnv>()
      // member of the space: the assignments the caller manages there
      .get('/assignment', auth, scope, async (c) =>
        c.json({ data: await assignments.list(callerOf(c), query(c, ZAssignmentListQuery)) }),
      )
      // member of the space; every flow must be one the caller may use there
      .post('/assignment', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateAssignmentRequest);
        const data = await assignments.create(callerOf(c), body);
        return c.json({ data, message: 'Assignment created successfully.' }, 201);
      })
      // member of the space (those who may create assignments); codes are unique across all spaces
      .get('/assignment/check-code/:code', auth, scope, async (c) => {
        const { code } = params(c, ZCodeParam);
        await codeLimits.check(c);
        return c.json(await assignments.checkCode(code));
      })
      // member of the space; every flow must be one the caller may use there
      .post('/assignment/generate-name-description', auth, scope, async (c) => {
        const body = await jsonBody(c, ZGenerateAssignmentNameRequest);
        // Paid by the caller's wallet in this space (personal, or PAY_BY_ORG) through the credits service.
        const { charged, ...answer } = await naming.generate(
          toolCallerOf(c),
          body.flows,
          c.req.raw.signal,
          'assignment',
        );
        if (charged) markCreditsChanged(c);
        return c.json(answer);
      })
      // any signed-in user with the code
      .post('/assignment/join', auth, async (c) => {
        const body = await jsonBody(c, ZJoinRequest);
        const joined = await codeLimits.join(c, () =>
          people.join({ userId: c.get('auth').userId }, body.code),
        );
        return c.json(joined);
      })
      // manager of the link's assignment
      .get('/assignment/access-link/:code', auth, scope, async (c) =>
        c.json(await links.get(callerOf(c), params(c, ZCodeParam).code, origin(c))),
      )
      // manager of the link's assignment; paid from the space's wallet (deductFrom names it)
      .post('/assignment/access-link/:code/topup-unit', auth, scope, async (c) => {
        const { code } = params(c, ZCodeParam);
        const body = await jsonBody(c, ZTopUpRequest);
        const key = c.req.header('Idempotency-Key')?.slice(0, 100);
        const answer = await links.topUp(callerOf(c), code, body, origin(c), key);
        markCreditsChanged(c);
        return c.json(answer);
      })
      .get('/assignment/:id', auth, scope, async (c) =>
        c.json({ data: await assignments.get(callerOf(c), id(c)) }),
      )
      .put('/assignment/:id', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZUpdateAssignmentRequest);
        return c.json(await assignments.update(callerOf(c), assignmentId, body));
      })
      .delete('/assignment/:id', auth, scope, async (c) =>
        c.json({ message: await assignments.remove(callerOf(c), id(c)) }),
      )
      .put('/assignment/:id/toggle-pause', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZTogglePauseRequest);
        return c.json(await assignments.togglePause(callerOf(c), assignmentId, body.isPaused));
      })
      .get('/assignment/:id/participants', auth, scope, async (c) =>
        c.json(await people.participants(callerOf(c), id(c), query(c, ZParticipantsQuery).search)),
      )
      .delete('/assignment/:id/participants', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZRemoveParticipantsRequest);
        return c.json(await people.removeParticipants(callerOf(c), assignmentId, body.participants));
      })
      .get('/assignment/:id/co-owners', auth, scope, async (c) =>
        c.json(await people.coOwners(callerOf(c), id(c))),
      )
      .post('/assignment/:id/co-owners', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZAddCoOwnersRequest);
        return c.json(await people.addCoOwners(callerOf(c), assignmentId, body.coOwnerEmails));
      })
      .delete('/assignment/:id/co-owners/:coOwner', auth, scope, async (c) => {
        const p = params(c, ZCoOwnerParam);
        return c.json(await people.removeCoOwner(callerOf(c), p.id, p.coOwner));
      })
      .get('/assignment/:id/access-links', auth, scope, async (c) =>
        c.json(await links.list(callerOf(c), id(c), origin(c))),
      )
      .post('/assignment/:id/access-link', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZCreateAccessLinkRequest);
        return c.json(await links.create(callerOf(c), assignmentId, body.orgId, origin(c)), 201);
      })
  );
}
