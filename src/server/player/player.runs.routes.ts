import { Hono } from 'hono';
import { ZPlayerParams } from '../../shared/contract/player';
import { type TRunSave, type TRunSaved, ZRunSave } from '../../shared/contract/player-run';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonBody, params } from '../http/validate';
import { findRunState, saveRunState } from './player.runs.repo';
import { createPlayerService } from './player.service';

/**
 * /api/player/assignment/{id}/flow/{flowId}/run (src/shared/contract/player-run.ts): the signed-in
 * learner's own place in a flow of an assignment they take part in. Only their row is ever read or
 * written (the key is their user id); a non-participant gets the player's 403/404 before any row.
 */
export function playerRunRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const player = createPlayerService(deps);
  const auth = requireAuth(deps, { guests: true });

  return new Hono<AppEnv>()
    .get('/player/assignment/:id/flow/:flowId/run', auth, async (c) => {
      const p = params(c, ZPlayerParams);
      const userId = c.get('auth').userId;
      const access = await player.asParticipant(userId, p.id);
      await player.flow(access, p.flowId);
      const row = await findRunState(db, { assignmentId: access.row.id, userId, flowId: p.flowId });
      const body: TRunSaved = {
        data: row
          ? {
              ...(row.run as Omit<TRunSave, 'revision'>),
              revision: row.revision,
              updatedAt: row.updatedAt.toISOString(),
            }
          : null,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .put('/player/assignment/:id/flow/:flowId/run', auth, async (c) => {
      const p = params(c, ZPlayerParams);
      const userId = c.get('auth').userId;
      const access = await player.asParticipant(userId, p.id);
      await player.flow(access, p.flowId);
      const body = await jsonBody(c, ZRunSave);
      const now = new Date();
      const key = { assignmentId: access.row.id, userId, flowId: p.flowId };
      await saveRunState(db, key, body.revision, { state: body.state, transcript: body.transcript }, now);
      return c.json({ updatedAt: now.toISOString() });
    });
}
