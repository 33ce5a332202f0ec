import { type Context, Hono } from 'hono';
import {
  ZDashboardQuery,
  ZLatestActivitiesQuery,
  ZReportIdParam,
} from '../../shared/contract/reports-routes';
import { callerOf } from '../assignments/access';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { params, query } from '../http/validate';
import { createReportsService } from './reports.service';

/**
 * /api/assignment/{id}/<report> (spec 02 §7; contract in shared/contract/reports-routes.ts). Each needs a
 * signed-in user ('Not authenticated' otherwise) who manages the assignment in the space of the orgId
 * header: 404 for another space's assignment, 403 for anyone else in the space.
 */
export function reportsRoutes(deps: AppDeps) {
  const reports = createReportsService(deps);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZReportIdParam).id;
  return new Hono<AppEnv>()
    .get('/assignment/:id/report-v2', auth, scope, async (c) =>
      c.json(await reports.reportV2(callerOf(c), id(c))),
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
      c.json(await reports.topActivities(callerOf(c), id(c))),
    )
    .get('/assignment/:id/lrs-dashboard', auth, scope, async (c) =>
      c.json(await reports.dashboard(callerOf(c), id(c), query(c, ZDashboardQuery))),
    );
}
