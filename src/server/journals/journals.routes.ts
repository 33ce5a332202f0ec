import { Hono } from 'hono';
import { ZJournalIdParam } from '../../shared/contract/reports';
import { callerOf } from '../assignments/access';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { params } from '../http/validate';
import { createJournalsService } from './journals.service';

/**
 * GET /api/journal/{id} (spec 02 §7): signed-in user in the space of the orgId header; the managers of
 * the journal's assignment, its author, or a member of a collaborative journal. Another space: 404.
 */
export function journalsRoutes(deps: AppDeps) {
  const journals = createJournalsService(deps);
  return new Hono<AppEnv>().get('/journal/:id', requireAuth(deps), orgScope(deps), async (c) =>
    c.json({ data: await journals.get(callerOf(c), params(c, ZJournalIdParam).id) }),
  );
}
