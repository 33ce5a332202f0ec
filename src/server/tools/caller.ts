import type { Context } from 'hono';
import type { AppEnv, SpaceInfo } from '../http/context';

/** Who calls, in which space (set by requireAuth and orgScope). */
export type Caller = SpaceInfo & { userId: string };

export const callerOf = (c: Context<AppEnv>): Caller => ({ ...c.get('space'), userId: c.get('auth').userId });
