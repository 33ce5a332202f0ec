import { eq } from 'drizzle-orm';
import { randomOrgCode } from '../../shared/domain/org-code';
import type { Db } from '../db/client';
import { organizations, rateLimits } from '../db/schema';
import { type OrgRow, orgCodeTaken } from './orgs.repo';

/** A random code (name prefix + ~59 bits) that no organisation has yet. */
export async function freshOrgCode(db: Db, name: string): Promise<string> {
  for (;;) {
    const code = randomOrgCode(name);
    if (!(await orgCodeTaken(db, code))) return code;
  }
}

/** Gives the organisation a new code; null when another organisation has it (unique index). */
export async function setOrgCode(db: Db, orgId: string, orgCode: string): Promise<OrgRow | null> {
  const [row] = await db
    .update(organizations)
    .set({ orgCode, updatedAt: new Date() })
    .where(eq(organizations.id, orgId))
    .returning()
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) return [];
      throw err;
    });
  return row ?? null;
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A rate counter's value without counting a hit (the lookups count only their misses). */
export async function readCounter(db: Db, key: string): Promise<{ count: number; windowStart: Date } | null> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row ?? null;
}
