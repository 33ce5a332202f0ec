import { type Context, Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { ZId } from '../../shared/contract/collections';
import {
  ZJournalQuery,
  ZJournalUpdate,
  ZJournalWrite,
  ZPlayerAiRequest,
  ZPlayerParams,
  ZPublicFlowParams,
  ZPublicParams,
  ZStatementsRequest,
} from '../../shared/contract/player';
import { ZPlayerBlockRequest } from '../../shared/contract/player-blocks';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { stageTimer, stageTiming } from '../http/stage-timing';
import { jsonBody, params, query } from '../http/validate';
import { createJournalsService } from '../journals/journals.service';
import { createPlayerAi } from './player.ai';
import { createAnswerRecorder } from './player.answers';
import { limitOpenBlocks } from './player.block-limit';
import { createPlayerBlocks } from './player.blocks';
import { playerGuestRoutes } from './player.guest.routes';
import { playerLaunchRoutes } from './player.launch.routes';
import { playerMediaRoutes } from './player.media.routes';
import { playerPreviewRoutes } from './player.preview.routes';
import { playerRecordsRoutes } from './player.records.routes';
import { playerRunRoutes } from './player.runs.routes';
import { assertOpen, createPlayerService, type PlayerAccess } from './player.service';

const ZAssignmentParam = z.object({ id: ZId });

/**
 * A class opening one flow gets the same text for each learner: its gzip is made once while the flow
 * is unchanged (http/text-memo.ts). Named only once the learner's access is checked.
 */
const playerFlowKey = (flowId: string) => `player-flow:${flowId}`;

/**
 * /api/player/* (src/shared/contract/player.ts): the learner player's reads, records and AI calls.
 * assignment/*: a signed-in participant of the assignment (403 otherwise, 404 unknown).
 * public/*: anyone with a public access link's code. share/*: anyone, published flows only.
 * join/{code} and guest/join: anyone (player.guest.routes.ts).
 */
export function playerRoutes(deps: AppDeps) {
  const player = createPlayerService(deps);
  const ai = createPlayerAi(deps);
  const journals = createJournalsService(deps);
  const blocks = createPlayerBlocks(deps, player);
  const answers = createAnswerRecorder(deps);
  const plain = (j: { name: string; content: string; updatedAt: string } | null) =>
    j && { name: j.name, content: j.content, updatedAt: j.updatedAt };
  // Guest learners reach these routes; participant() limits them to their assignment.
  const auth = requireAuth(deps, { guests: true });
  const origin = (c: Context<AppEnv>) =>
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
  const participant = (c: Context<AppEnv>, id: string) => player.asParticipant(c.get('auth').userId, id);
  const keyOf = (c: Context<AppEnv>, access: PlayerAccess, name: string, collaborative?: boolean) => ({
    assignmentId: access.row.id,
    userId: c.get('auth').userId,
    name,
    collaborative: collaborative === true,
  });

  const streamAi = async (c: Context<AppEnv>, access: PlayerAccess, flowId: string) => {
    assertOpen(access.row);
    const body = await jsonBody(c, ZPlayerAiRequest);
    const lines = await ai.start(access, flowId, body, c.req.raw.signal);
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return stream(c, async (s) => {
      for await (const line of lines) await s.write(`${JSON.stringify(line)}\n`);
    });
  };

  return (
    new Hono<AppEnv>()
      .route('/', playerGuestRoutes(deps))
      .route('/', playerRunRoutes(deps))
      .route('/', playerMediaRoutes(deps))
      .route('/', playerRecordsRoutes(deps))
      .route('/', playerPreviewRoutes(deps))
      .route('/', playerLaunchRoutes(deps))
      .get('/player/assignment/:id', auth, async (c) => {
        const access = await participant(c, params(c, ZAssignmentParam).id);
        return c.json({ data: await player.assignment(access, origin(c)) });
      })
      .get('/player/assignment/:id/flow/:flowId', auth, async (c) => {
        const p = params(c, ZPlayerParams);
        const data = await player.flow(await participant(c, p.id), p.flowId);
        c.set('answerKey', playerFlowKey(p.flowId));
        return c.json({ data });
      })
      .post('/player/assignment/:id/flow/:flowId/statements', stageTiming(), auth, async (c) => {
        const lap = stageTimer(c);
        const p = params(c, ZPlayerParams);
        const scope = await answers.asParticipant(c.get('auth').userId, p.id, p.flowId);
        lap('access');
        const body = await jsonBody(c, ZStatementsRequest);
        lap('body');
        return c.json(await answers.record(scope, p.flowId, body, origin(c), lap));
      })
      .post('/player/assignment/:id/flow/:flowId/ai', auth, async (c) => {
        const p = params(c, ZPlayerParams);
        const access = await participant(c, p.id);
        await player.flow(access, p.flowId);
        return streamAi(c, access, p.flowId);
      })
      // Blocks the server runs (API Call, Web Search, Web Crawler): player.blocks.ts.
      .post('/player/assignment/:id/flow/:flowId/block', auth, async (c) => {
        const p = params(c, ZPlayerParams);
        const access = await participant(c, p.id);
        if (c.get('auth').guest) await limitOpenBlocks(c, deps);
        return c.json({ data: await blocks.run(access, p.flowId, await jsonBody(c, ZPlayerBlockRequest)) });
      })
      // The runtime's journals port: the participant's own journals of this assignment, or (collaborative)
      // the assignment's shared ones, which any participant reads and writes (a writer becomes a member).
      .get('/player/assignment/:id/journal', auth, async (c) => {
        const access = await participant(c, params(c, ZAssignmentParam).id);
        const { name, collaborative } = query(c, ZJournalQuery);
        return c.json({ data: plain(await journals.read(keyOf(c, access, name, collaborative))) });
      })
      .put('/player/assignment/:id/flow/:flowId/journal', auth, async (c) => {
        const p = params(c, ZPlayerParams);
        const access = await participant(c, p.id);
        await player.flow(access, p.flowId);
        const body = await jsonBody(c, ZJournalWrite);
        const key = keyOf(c, access, body.name, body.collaborative);
        const saved = await journals.save(key, {
          content: body.content,
          type: body.nodeType,
          flowId: p.flowId,
          refId: body.nodeId,
        });
        return c.json({ data: plain(saved) });
      })
      .post('/player/assignment/:id/journal/update', auth, async (c) => {
        const access = await participant(c, params(c, ZAssignmentParam).id);
        const body = await jsonBody(c, ZJournalUpdate);
        const key = keyOf(c, access, body.name, body.collaborative);
        return c.json({ updated: (await journals.update(key, body.content, body.mode)) !== null });
      })
      .get('/player/public/:code', async (c) => {
        const access = await player.asPublic(params(c, ZPublicParams).code);
        return c.json({ data: await player.assignment(access, origin(c)) });
      })
      .get('/player/public/:code/flow/:flowId', async (c) => {
        const p = params(c, ZPublicFlowParams);
        const data = await player.flow(await player.asPublic(p.code), p.flowId);
        c.set('answerKey', playerFlowKey(p.flowId));
        return c.json({ data });
      })
      .post('/player/public/:code/flow/:flowId/statements', stageTiming(), async (c) => {
        const lap = stageTimer(c);
        const p = params(c, ZPublicFlowParams);
        const body = await jsonBody(c, ZStatementsRequest);
        lap('body');
        const scope = await answers.asPublic(p.code, p.flowId, body.learner, origin(c));
        lap('access');
        return c.json(await answers.record(scope, p.flowId, body, origin(c), lap));
      })
      .post('/player/public/:code/flow/:flowId/ai', async (c) => {
        const p = params(c, ZPublicFlowParams);
        const access = await player.asPublic(p.code);
        await player.flow(access, p.flowId);
        return streamAi(c, access, p.flowId);
      })
      .post('/player/public/:code/flow/:flowId/block', async (c) => {
        const p = params(c, ZPublicFlowParams);
        await limitOpenBlocks(c, deps);
        const access = await player.asPublic(p.code);
        return c.json({ data: await blocks.run(access, p.flowId, await jsonBody(c, ZPlayerBlockRequest)) });
      })
      .get('/player/share/flow/:id', async (c) => {
        const id = params(c, ZAssignmentParam).id;
        const data = await player.sharedFlow(id);
        c.set('answerKey', playerFlowKey(id));
        return c.json({ data });
      })
  );
}
