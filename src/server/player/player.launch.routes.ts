import { Hono } from 'hono';
import { ZPlayerParams, ZPublicFlowParams } from '../../shared/contract/player';
import { ZPackageLaunchRequest } from '../../shared/contract/player-launch';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonBody, params } from '../http/validate';
import { createPackageLauncher } from './player.launch';
import { createPlayerService } from './player.service';

/**
 * POST …/flow/{flowId}/package-launch (contract/player-launch.ts), with the player's access rules:
 * assignment/* for a signed-in participant (guests too), public/* for the holder of a link's code.
 */
export function playerLaunchRoutes(deps: AppDeps) {
  const player = createPlayerService(deps);
  const launch = createPackageLauncher(deps);
  const auth = requireAuth(deps, { guests: true });
  const origin = (c: import('hono').Context<AppEnv>) =>
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;

  return new Hono<AppEnv>()
    .post('/player/assignment/:id/flow/:flowId/package-launch', auth, async (c) => {
      const p = params(c, ZPlayerParams);
      const access = await player.asParticipant(c.get('auth').userId, p.id);
      const body = await jsonBody(c, ZPackageLaunchRequest);
      return c.json({ data: await launch(access, p.flowId, body, origin(c)) });
    })
    .post('/player/public/:code/flow/:flowId/package-launch', async (c) => {
      const p = params(c, ZPublicFlowParams);
      const body = await jsonBody(c, ZPackageLaunchRequest);
      const access = await player.asPublic(p.code, body.learner);
      return c.json({ data: await launch(access, p.flowId, body, origin(c)) });
    });
}
