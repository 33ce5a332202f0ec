import { insertUser } from '../../../src/server/auth/auth.repo';
import { addMember, insertOrgWithAdmin } from '../../../src/server/orgs/orgs.repo';
import { newId } from '../../../src/shared/domain/ids';
import type { TestApp } from '../harness';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/**
 * A verified user made directly in the database with a signed access token: the permission tests
 * need many users, and going through sign-up (scrypt, codes) for each would only slow them down.
 */
export async function makeUser(t: TestApp, email: string, fullname = ''): Promise<TestUser> {
  const row = await insertUser(t.database.db, { email, passwordHash: null, fullname, emailVerified: true });
  if (!row) throw new Error(`user ${email} exists already`);
  const { token } = await t.deps.tokens.sign({ userId: row.id, email });
  return { id: row.id, email, token };
}

/** An organisation with `admin` as its admin and the others as plain members. */
export async function makeOrg(
  t: TestApp,
  name: string,
  admin: TestUser,
  members: TestUser[] = [],
): Promise<string> {
  const id = newId();
  const code = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(-6)}`;
  const org = await insertOrgWithAdmin(
    t.database.db,
    { id, name, description: '', orgCode: code, iconUrl: null },
    admin.id,
  );
  if (!org) throw new Error('org not created');
  for (const m of members) await addMember(t.database.db, id, m.id, 'member');
  return id;
}
