import type { TPlayerBlockRequest } from '../../shared/contract/player-blocks';
import type { TServerBlockResult } from '../../shared/domain/runtime/server-blocks';
import type { TValue } from '../../shared/domain/runtime/values';
import { createServerBlocks, findNode } from '../blocks/server-blocks';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';
import { assertOpen, type PlayerAccess, type PlayerService } from './player.service';

/**
 * The player's server-run blocks (API Call, Web Search, Web Crawler). The caller must have the same
 * access as for the flow itself; the block is looked up in the saved flow, so its settings (where an
 * API call goes, with which secret) are the author's, whatever the phone sends.
 */
export function createPlayerBlocks(deps: AppDeps, player: PlayerService) {
  const blocks = createServerBlocks(deps);
  return {
    async run(access: PlayerAccess, flowId: string, body: TPlayerBlockRequest): Promise<TServerBlockResult> {
      assertOpen(access.row);
      const flow = await player.flow(access, flowId);
      const node = findNode(flow.nodes, body.nodeId, body.nodeType);
      if (!node) throw notFound('Block');
      const inputs = body.inputs as Record<string, TValue>;
      // A generated document is the teacher's file in the assignment's space; the learner gets a signed link.
      // The learner's own uploads are files a block may read (Google Drive Upload; block-files.ts).
      const learnerId = access.learner.kind === 'participant' ? access.learner.userId : undefined;
      const owner = { userId: access.row.ownerId, orgId: access.row.orgId, learnerId };
      return blocks.run(
        node,
        { nodeId: node.id, nodeType: node.type, inputs, variables: body.variables },
        owner,
      );
    },
  };
}
