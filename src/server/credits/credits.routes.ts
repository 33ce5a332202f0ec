import { Hono } from 'hono';
import {
  ZGrantListQuery,
  ZGrantRequest,
  ZLedgerQuery,
  ZMonthlyLimitRequest,
} from '../../shared/contract/credits';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, query } from '../http/validate';
import { createCreditsAccess } from './credits.access';
import { createCreditsService } from './credits.service';

/** Balances, ledgers, the monthly limit and operator grants (spec 03 §5, §8, §9). */
export function creditsRoutes(deps: AppDeps) {
  const access = createCreditsAccess(deps, createCreditsService(deps));
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return (
    new Hono<AppEnv>()
      // signed-in user; the organisation part for members of the organisation in the orgId header
      .get('/credits/balance', auth, scope, async (c) =>
        c.json({ data: await access.balances(c.get('auth'), c.get('space')) }),
      )
      // signed-in user: their personal wallet; the organisation wallet for its admins
      .get('/credits/ledger', auth, scope, async (c) =>
        c.json(await access.ledger(c.get('auth'), c.get('space'), query(c, ZLedgerQuery))),
      )
      // admins of the organisation in the orgId header
      .put('/credits/monthly-limit', auth, scope, async (c) => {
        const body = await jsonBody(c, ZMonthlyLimitRequest);
        return c.json({ data: await access.setMonthlyLimit(c.get('space'), body.monthlyLimit) });
      })
      // operators listed in ADMIN_EMAILS
      .post('/credits/grants', auth, scope, async (c) => {
        const data = await access.grant(c.get('auth'), await jsonBody(c, ZGrantRequest));
        return c.json(
          { data, message: data.replayed ? 'Already granted' : 'Credits granted' },
          data.replayed ? 200 : 201,
        );
      })
      // operators listed in ADMIN_EMAILS
      .get('/credits/grants', auth, scope, async (c) => {
        const { limit } = query(c, ZGrantListQuery);
        return c.json({ data: await access.grants(c.get('auth'), limit) });
      })
  );
}
