import { type Context, Hono } from 'hono';
import { ZAssignmentIdParam } from '../../shared/contract/assignments';
import { ZLiveControlRequest, ZLiveResultsQuery, ZLiveStartRequest } from '../../shared/contract/live';
import { callerOf } from '../assignments/access';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { liveBusOf } from './live.bus';
import { createLiveService } from './live.service';
import { liveStream } from './live.stream';

/**
 * The teacher's live routes (src/shared/contract/live.ts): the owner, a co-owner or an admin of the
 * assignment's organisation, in the space of the orgId header (403 for anyone else in the space, 404
 * from another space, as every managing route of assignments).
 */
export function liveRoutes(deps: AppDeps) {
  const live = createLiveService(deps);
  const bus = liveBusOf(deps.database);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZAssignmentIdParam).id;

  return new Hono<AppEnv>()
    .post('/assignment/:id/live', auth, scope, async (c) => {
      const body = await jsonBody(c, ZLiveStartRequest);
      const { state, created } = await live.start(callerOf(c), id(c), body);
      return c.json({ data: state }, created ? 201 : 200);
    })
    .get('/assignment/:id/live', auth, scope, async (c) =>
      c.json({ data: await live.current(callerOf(c), id(c)) }),
    )
    .post('/assignment/:id/live/control', auth, scope, async (c) => {
      const assignmentId = id(c);
      const { action } = await jsonBody(c, ZLiveControlRequest);
      return c.json({ data: await live.control(callerOf(c), assignmentId, action) });
    })
    .get('/assignment/:id/live/results', auth, scope, async (c) => {
      const assignmentId = id(c);
      const { step } = query(c, ZLiveResultsQuery);
      return c.json({ data: await live.results(callerOf(c), assignmentId, step) });
    })
    .get('/assignment/:id/live/leaderboard', auth, scope, async (c) =>
      c.json({ data: await live.leaderboard(callerOf(c), id(c)) }),
    )
    .get('/assignment/:id/live/events', auth, scope, async (c) => {
      const { sessionId, load, scores } = await live.managedStream(callerOf(c), id(c));
      return liveStream(bus, sessionId, load, true, scores);
    });
}
