import { type Context, Hono } from 'hono';
import { ZCmi5WaiveRequest } from '../../shared/contract/cmi5-units';
import { ZDashboardChatRequest } from '../../shared/contract/dashboard-chat';
import {
  ZDashboardQuery,
  ZLatestActivitiesQuery,
  ZReportIdParam,
} from '../../shared/contract/reports-routes';
import { callerOf } from '../assignments/access';
import { answerResponse } from '../chat/answer-response';
import { abortedWith } from '../http/abort';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { callerOf as chatCallerOf } from '../tools/caller';
import { createCmi5UnitsService } from './cmi5-units.service';
import { createDashboardChat } from './dashboard-chat';
import { createReportsService } from './reports.service';

/**
 * /api/assignment/{id}/<report> (spec 02 §7; contract in shared/contract/reports-routes.ts). Each needs a
 * signed-in user ('Not authenticated' otherwise) who manages the assignment in the space of the orgId
 * header: 404 for another space's assignment, 403 for anyone else in the space.
 */
export function reportsRoutes(deps: AppDeps) {
  const reports = createReportsService(deps);
  const dashboardChat = createDashboardChat(deps);
  const cmi5Units = createCmi5UnitsService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZReportIdParam).id;
  // The origin a cmi5 launch names the learner's account with (player.routes.ts): the same expression.
  const origin = (c: Context<AppEnv>) =>
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
  return (
    new Hono<AppEnv>()
      .get('/assignment/:id/report-v2', auth, scope, async (c) =>
        c.json(await reports.reportV2(callerOf(c), id(c), origin(c))),
      )
      .get('/assignment/:id/journal-report', auth, scope, async (c) =>
        c.json(await reports.journalReport(callerOf(c), id(c))),
      )
      .get('/assignment/:id/collaborative-journal-report', auth, scope, async (c) =>
        c.json(await reports.collaborativeJournalReport(callerOf(c), id(c))),
      )
      .get('/assignment/:id/latest-activities', auth, scope, async (c) =>
        c.json(await reports.latestActivities(callerOf(c), id(c), query(c, ZLatestActivitiesQuery).sortBy)),
      )
      .get('/assignment/:id/line-chart', auth, scope, async (c) =>
        c.json(await reports.lineChart(callerOf(c), id(c))),
      )
      .get('/assignment/:id/top-activities', auth, scope, async (c) =>
        c.json(await reports.topActivities(callerOf(c), id(c), origin(c))),
      )
      .get('/assignment/:id/lrs-dashboard', auth, scope, async (c) =>
        c.json(await reports.dashboard(callerOf(c), id(c), query(c, ZDashboardQuery), origin(c))),
      )
      // The dashboard's chat panel: the same rights as the dashboard, charged as chat (dashboard-chat.ts).
      .post('/assignment/:id/lrs-dashboard/chat', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZDashboardChatRequest);
        const streamed = body.stream ?? (c.req.header('accept') ?? '').includes('text/event-stream');
        const clientGone = abortedWith(c.req.raw.signal);
        const who = { access: callerOf(c), chat: chatCallerOf(c), origin: origin(c) };
        const answer = await dashboardChat.prepare(who, assignmentId, body, clientGone.signal);
        return answerResponse(c, answer, streamed, () => clientGone.abort());
      })
      // cmi5 courses: each participant's units, and the teacher's waiver of one (contract/cmi5-units.ts).
      .get('/assignment/:id/cmi5-units', auth, scope, async (c) =>
        c.json({ data: await cmi5Units.list(callerOf(c), id(c), origin(c)) }),
      )
      .post('/assignment/:id/cmi5-waive', auth, scope, async (c) => {
        const assignmentId = id(c);
        const body = await jsonBody(c, ZCmi5WaiveRequest);
        return c.json({ data: await cmi5Units.waive(callerOf(c), assignmentId, body, origin(c)) });
      })
  );
}
