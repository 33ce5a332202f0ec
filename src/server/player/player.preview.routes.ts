import { type Context, Hono } from 'hono';
import { stream } from 'hono/streaming';
import { ZPlayerAiRequest } from '../../shared/contract/player';
import { ZPlayerBlockRequest } from '../../shared/contract/player-blocks';
import { ZPlayerMediaRequest } from '../../shared/contract/player-media';
import { ZDemoParams, ZPreviewParams } from '../../shared/contract/player-preview';
import { demoFlowOf } from '../../shared/domain/demo-flow';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import { jsonBody, params } from '../http/validate';
import { createPlayerPreview } from './player.preview';

/**
 * The author's preview and the block demos (src/shared/contract/player-preview.ts).
 * preview/* (flow, ai, media, block): a signed-in user (not a guest) who may read the flow; 404 otherwise. No statements,
 * journals or runs are taken for a preview: those routes need an assignment.
 * demo/{type}: anyone; the flow is built from the catalogue, so it holds nothing of anyone's.
 */
export function playerPreviewRoutes(deps: AppDeps) {
  const preview = createPlayerPreview(deps);
  const auth = requireAuth(deps);
  const userOf = (c: Context<AppEnv>) => {
    const { userId, email } = c.get('auth');
    return { userId, email };
  };
  return new Hono<AppEnv>()
    .get('/player/preview/flow/:id', auth, async (c) => {
      const access = await preview.asAuthor(userOf(c), params(c, ZPreviewParams).id);
      c.header('Cache-Control', 'no-store');
      return c.json({ data: access.flow });
    })
    .post('/player/preview/flow/:id/ai', auth, async (c) => {
      const access = await preview.asAuthor(userOf(c), params(c, ZPreviewParams).id);
      const body = await jsonBody(c, ZPlayerAiRequest);
      const lines = await preview.ai(access, body, c.req.raw.signal);
      c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
      c.header('Cache-Control', 'no-store');
      return stream(c, async (s) => {
        for await (const line of lines) await s.write(`${JSON.stringify(line)}\n`);
      });
    })
    .post('/player/preview/flow/:id/media', auth, async (c) => {
      const access = await preview.asAuthor(userOf(c), params(c, ZPreviewParams).id);
      const body = await jsonBody(c, ZPlayerMediaRequest);
      return c.json({ data: await preview.media(access, body, c.req.raw.signal) });
    })
    .post('/player/preview/flow/:id/block', auth, async (c) => {
      const access = await preview.asAuthor(userOf(c), params(c, ZPreviewParams).id);
      return c.json({ data: await preview.block(access, await jsonBody(c, ZPlayerBlockRequest)) });
    })
    .get('/player/demo/:type', (c) => {
      const flow = demoFlowOf(params(c, ZDemoParams).type);
      if (!flow) throw notFound('Block type');
      return c.json({ data: flow });
    });
}
