import { Hono } from 'hono';
import { ZPlayerParams, ZPublicFlowParams } from '../../shared/contract/player';
import {
  ZPlayerMediaRequest,
  ZPlayerSpeechStreamRequest,
  ZVoicesQuery,
} from '../../shared/contract/player-media';
import { createAiMediaProvider } from '../adapters/ai/provider';
import type { TSpeechStreamAnswer } from '../credits/speech-stream';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody, params, query } from '../http/validate';
import { createPlayerMedia } from './player.media';
import { assertOpen, createPlayerService } from './player.service';

/**
 * Media calls of the player's blocks (speech, transcription, images, vision, video, YouTube), beside
 * the AI route and with its access rules: assignment/* for a signed-in participant, public/* for the
 * holder of a link's code. GET /api/voices (spec 03 §7) lists the provider's voices for the block panel.
 */
export function playerMediaRoutes(deps: AppDeps) {
  const player = createPlayerService(deps);
  const media = createPlayerMedia(deps);
  const auth = requireAuth(deps, { guests: true });
  const voices = deps.aiMedia ?? createAiMediaProvider(deps.env);

  return new Hono<AppEnv>()
    .post('/player/assignment/:id/flow/:flowId/media', auth, async (c) => {
      const p = params(c, ZPlayerParams);
      const access = await player.asParticipant(c.get('auth').userId, p.id);
      const flow = await player.flow(access, p.flowId);
      assertOpen(access.row);
      const body = await jsonBody(c, ZPlayerMediaRequest);
      return c.json({ data: await media.run(access, flow, body, c.req.raw.signal) });
    })
    .post('/player/public/:code/flow/:flowId/media', async (c) => {
      const p = params(c, ZPublicFlowParams);
      const access = await player.asPublic(p.code);
      const flow = await player.flow(access, p.flowId);
      assertOpen(access.row);
      const body = await jsonBody(c, ZPlayerMediaRequest);
      return c.json({ data: await media.run(access, flow, body, c.req.raw.signal) });
    })
    .post('/player/assignment/:id/flow/:flowId/speech-stream', auth, async (c) => {
      const p = params(c, ZPlayerParams);
      const access = await player.asParticipant(c.get('auth').userId, p.id);
      const flow = await player.flow(access, p.flowId);
      assertOpen(access.row);
      const body = await jsonBody(c, ZPlayerSpeechStreamRequest);
      return speechAnswer(await media.speechStream(access, flow, body, c.req.raw.signal));
    })
    .post('/player/public/:code/flow/:flowId/speech-stream', async (c) => {
      const p = params(c, ZPublicFlowParams);
      const access = await player.asPublic(p.code);
      const flow = await player.flow(access, p.flowId);
      assertOpen(access.row);
      const body = await jsonBody(c, ZPlayerSpeechStreamRequest);
      return speechAnswer(await media.speechStream(access, flow, body, c.req.raw.signal));
    })
    .get('/voices', requireAuth(deps), orgScope(deps), async (c) => {
      query(c, ZVoicesQuery);
      // Spec 03 §8: a failing voice service answers an empty list, not an error.
      const list = await voices.voices().catch(() => []);
      return c.json({ data: list, device: voices.offline });
    });
}

/** The audio as it arrives, never cached or sniffed; offline, the device-voice answer as JSON. */
function speechAnswer(answer: TSpeechStreamAnswer): Response {
  if (answer.kind === 'device-voice') return Response.json({ data: answer });
  return new Response(answer.body, {
    headers: {
      'content-type': answer.mediaType,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
