import { newId } from '../../shared/domain/ids';
import { findUserByEmail, insertUser } from '../auth/auth.repo';
import { hashPassword } from '../auth/password';
import { seedCollections } from '../collections/collections.seed';
import { seedCredits } from '../credits/credits.seed';
import type { AppDeps } from '../http/context';
import { addMember, findOrgByCode, insertOrgWithAdmin } from '../orgs/orgs.repo';
import { seedTools } from '../tools/tools.seed';

/** The demo account of the README: a newcomer can sign in at once. */
export const DEMO_EMAIL = 'demo@flowlearn.local';
export const DEMO_PASSWORD = 'flowlearn-demo';
export const DEMO_ORG_CODE = 'demo-school';

/**
 * Seeds the demo account and demo content once (idempotent: every step checks before it writes).
 * Areas add their own demo content here as they are built.
 */
export async function seedDemo(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  let demo = await findUserByEmail(db, DEMO_EMAIL);
  if (!demo) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    demo = await insertUser(db, {
      email: DEMO_EMAIL,
      passwordHash,
      fullname: 'Demo Teacher',
      emailVerified: true,
    });
    demo ??= await findUserByEmail(db, DEMO_EMAIL);
    if (!demo) throw new Error('could not create the demo user');
    deps.logger.info('seeded demo account', { email: DEMO_EMAIL });
  }
  const org = await findOrgByCode(db, DEMO_ORG_CODE);
  if (!org) {
    const description = 'A demo organisation. Others join it with the code demo-school.';
    const fields = { id: newId(), name: 'Demo School', description, orgCode: DEMO_ORG_CODE, iconUrl: null };
    await insertOrgWithAdmin(db, fields, demo.id);
  } else {
    await addMember(db, org.id, demo.id, 'admin');
  }
  await seedCollections(deps, demo.id, DEMO_ORG_CODE);
  await seedCredits(deps, demo.id, DEMO_ORG_CODE);
  await seedTools(deps, demo.id);
}
