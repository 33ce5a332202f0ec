import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ZId } from '../../shared/contract/collections';
import { ZOwnStatementsQuery } from '../../shared/contract/player-records';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { params, query } from '../http/validate';
import { createPlayerService } from './player.service';

const ZAssignmentParam = z.object({ id: ZId });

/**
 * The player's read of the LRS (runtime port `lrs`): a participant of the assignment (guests too)
 * reads their own statements in it, filtered as the block says; nobody else's, no other assignment's.
 */
export function playerRecordsRoutes(deps: AppDeps) {
  const player = createPlayerService(deps);
  const auth = requireAuth(deps, { guests: true });
  const origin = (c: Context<AppEnv>) =>
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
  return new Hono<AppEnv>().get('/player/assignment/:id/statements', auth, async (c) => {
    const access = await player.asParticipant(c.get('auth').userId, params(c, ZAssignmentParam).id);
    const { since, ...rest } = query(c, ZOwnStatementsQuery);
    const filter = { ...rest, ...(since ? { since: new Date(since) } : {}) };
    return c.json({ data: await player.ownStatements(access, origin(c), filter) });
  });
}
