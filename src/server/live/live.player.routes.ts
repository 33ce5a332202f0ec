import { type Context, Hono } from 'hono';
import { ZAssignmentIdParam } from '../../shared/contract/assignments';
import { ZLiveAnswerRequest } from '../../shared/contract/live';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonBody, params } from '../http/validate';
import { createPlayerService } from '../player/player.service';
import { liveBusOf } from './live.bus';
import { createLiveService } from './live.service';
import { liveStream } from './live.stream';

/**
 * The learner's live routes (src/shared/contract/live.ts): a participant of the assignment, guests
 * included (they joined with the code through the player's guest join); anyone else 403, an unknown
 * assignment 404, as every player route of an assignment.
 */
export function livePlayerRoutes(deps: AppDeps) {
  const live = createLiveService(deps);
  const player = createPlayerService(deps);
  const bus = liveBusOf(deps.database);
  const auth = requireAuth(deps, { guests: true });
  const access = (c: Context<AppEnv>) =>
    player.asParticipant(c.get('auth').userId, params(c, ZAssignmentIdParam).id);

  return new Hono<AppEnv>()
    .get('/player/assignment/:id/live', auth, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await live.forLearner(await access(c)) });
    })
    .post('/player/assignment/:id/live/join', auth, async (c) =>
      c.json({ data: await live.join(await access(c), c.get('auth').userId) }),
    )
    .get('/player/assignment/:id/live/events', auth, async (c) => {
      const { sessionId, load, scores } = await live.learnerStream(await access(c), c.get('auth').userId);
      return liveStream(bus, sessionId, load, false, scores);
    })
    .get('/player/assignment/:id/live/score', auth, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await live.score(await access(c), c.get('auth').userId) });
    })
    .post('/player/assignment/:id/live/answers', auth, async (c) => {
      const learner = await access(c);
      const body = await jsonBody(c, ZLiveAnswerRequest);
      return c.json({ data: await live.answer(learner, c.get('auth').userId, body) });
    });
}
