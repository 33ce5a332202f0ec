import type { Context } from 'hono';
import { isId } from '../../shared/domain/ids';
import type { Db } from '../db/client';
import type { AppEnv } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import {
  type AssignmentRow,
  type AssignmentSpace,
  findAssignmentInSpace,
  isCoOwner,
} from './assignments.repo';

/** Who calls, in which space (set by requireAuth and orgScope). */
export interface Caller extends AssignmentSpace {
  email: string;
}

export function callerOf(c: Context<AppEnv>): Caller {
  const { userId, email } = c.get('auth');
  const { orgId, role } = c.get('space');
  return { userId, email, orgId, isOrgAdmin: orgId !== null && role === 'admin' };
}

export type ManagerRole = 'owner' | 'co-owner' | 'admin';

/** The caller's right to manage the assignment, or null (owner first, then co-owner, then org admin). */
export async function managerRole(db: Db, caller: Caller, row: AssignmentRow): Promise<ManagerRole | null> {
  if (row.ownerId === caller.userId) return 'owner';
  if (await isCoOwner(db, row.id, caller.userId)) return 'co-owner';
  if (caller.isOrgAdmin && row.orgId !== null && row.orgId === caller.orgId) return 'admin';
  return null;
}

/**
 * Loads an assignment of the caller's space that the caller manages. Another space's assignment (or
 * an unknown id) is 404; in the space, anyone but the owner, a co-owner or an org admin gets 403.
 */
export async function managedAssignment(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ row: AssignmentRow; role: ManagerRole }> {
  const row = isId(id) ? await findAssignmentInSpace(db, caller, id) : null;
  if (!row) throw notFound('Assignment');
  const role = await managerRole(db, caller, row);
  if (!role) throw forbidden('Only the owner and co-owners of this assignment can do this.');
  return { row, role };
}
