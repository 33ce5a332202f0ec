import { parseCredits } from '../../shared/domain/decimal';
import type { AppDeps } from '../http/context';
import { findOrgByCode } from '../orgs/orgs.repo';
import { createCreditsService } from './credits.service';

/**
 * The demo's credits, as ledger grants so that each balance is the sum of its entries: 1,000 for the
 * demo account, 10,000 for Demo School. The idempotency keys make a second start grant nothing.
 */
export async function seedCredits(deps: AppDeps, demoUserId: string, orgCode: string): Promise<void> {
  const credits = createCreditsService(deps);
  await credits.grant({
    to: { kind: 'user', userId: demoUserId },
    amount: parseCredits('1000'),
    reference: 'Demo credits',
    idempotencyKey: `seed:demo-user:${demoUserId}`,
  });
  const org = await findOrgByCode(deps.database.db, orgCode);
  if (!org) return;
  await credits.grant({
    to: { kind: 'org', orgId: org.id },
    amount: parseCredits('10000'),
    reference: 'Demo credits',
    idempotencyKey: `seed:demo-org:${org.id}`,
  });
}
