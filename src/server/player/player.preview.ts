import type { TPlayerAiRequest, TPlayerFlow } from '../../shared/contract/player';
import type { TPlayerBlockRequest } from '../../shared/contract/player-blocks';
import type { TPlayerMediaRequest } from '../../shared/contract/player-media';
import { previewAiReference } from '../../shared/contract/player-preview';
import type { TValue } from '../../shared/domain/runtime/values';
import { createServerBlocks, findNode } from '../blocks/server-blocks';
import type { Caller } from '../collections/access';
import { createCollectionsService } from '../collections/collections.service';
import { createCreditsService } from '../credits/credits.service';
import { createFlowsService } from '../flows/flows.service';
import type { AppDeps } from '../http/context';
import { AppError, notFound } from '../http/errors';
import { cachedMembership } from '../orgs/membership-cache';
import { type AiSpend, createPlayerAi } from './player.ai';
import { createPlayerMedia } from './player.media';
import { findFlowSpace } from './player.repo';

/** The signed-in author and the flow they preview, in the flow's own space. */
export interface PreviewAccess {
  caller: Caller;
  flow: TPlayerFlow;
}

/**
 * The author's preview: the flow is read with the editor's own rules (its author, or a role
 * in its collection), in the space it lives in, so the player needs no orgId header. Anything the
 * caller may not read is 404 — an organisation's members are not told which flows exist, and other
 * spaces never are. AI is paid like chat: the organisation's wallet in an organisation, else the
 * author's own.
 */
export function createPlayerPreview(deps: AppDeps) {
  const db = deps.database.db;
  const flows = createFlowsService(deps, createCollectionsService(deps));
  const credits = createCreditsService(deps);
  const ai = createPlayerAi(deps);
  const media = createPlayerMedia(deps);
  const serverBlocks = createServerBlocks(deps);

  async function asAuthor(user: { userId: string; email: string }, flowId: string): Promise<PreviewAccess> {
    const space = await findFlowSpace(db, flowId);
    if (!space) throw notFound('Flow');
    const role = space.orgId ? await cachedMembership(db, space.orgId, user.userId) : null;
    if (space.orgId && !role) throw notFound('Flow');
    const caller: Caller = { ...user, orgId: space.orgId, orgAdmin: role === 'admin' };
    try {
      const f = await flows.get(caller, flowId);
      return {
        caller,
        flow: {
          _id: f._id,
          name: f.name,
          description: f.description,
          revision: f.revision,
          nodes: f.nodes,
          edges: f.edges,
        },
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 403) throw notFound('Flow');
      throw error;
    }
  }

  const spendOf = ({ caller, flow }: PreviewAccess, nodeId: string): AiSpend => ({
    payer: credits.payerForSpace(caller, caller.userId),
    reference: previewAiReference(flow._id, nodeId),
    space: { orgId: caller.orgId, userId: caller.userId },
    by: caller.userId,
    nodes: async () => flow.nodes,
    // The author reads the wallet's own refusal (they can top it up), not a learner's "ask your teacher".
    refusal: (error) => error,
  });

  return {
    asAuthor,
    /** An AI block of the preview: reserve → stream → settle, or release on failure (player.ai.ts). */
    ai: (access: PreviewAccess, req: TPlayerAiRequest, signal: AbortSignal) =>
      ai.startFor(spendOf(access, req.nodeId), req, signal),
    /** A media block of the preview (speech, images, transcription…), paid the same way (player.media.ts). */
    media: (access: PreviewAccess, req: TPlayerMediaRequest, signal: AbortSignal) =>
      media.runFor(spendOf(access, req.nodeId), access.flow, req, signal),
    /**
     * A block the server runs (API Call, Web Search, Web Crawler), found in the saved flow so its settings
     * are the author's; a generated file is the author's, in the flow's space (player.blocks.ts).
     */
    block: async ({ caller, flow }: PreviewAccess, body: TPlayerBlockRequest) => {
      const node = findNode(flow.nodes, body.nodeId, body.nodeType);
      if (!node) throw notFound('Block');
      const inputs = body.inputs as Record<string, TValue>;
      return serverBlocks.run(
        node,
        { nodeId: node.id, nodeType: node.type, inputs, variables: body.variables },
        { userId: caller.userId, orgId: caller.orgId },
      );
    },
  };
}
