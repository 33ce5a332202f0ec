import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * /api/player/preview/flow/{id} (GET the flow; POST …/ai, …/media, …/block with the player's own
 * request schemas): an author runs a flow they may read, as a learner would, without an assignment;
 * nothing is recorded and AI is paid by the flow's space.
 * /api/player/demo/{type} (GET, public): the demo flow of one block type that its help link runs.
 */
export const ZPreviewParams = z.object({ id: ZId });

/** A catalogue node type id (`displayNode`): letters and digits; an unknown one is 404. */
export const ZDemoParams = z.object({
  type: zText().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'is not a block type'),
});

/** The ledger reference of a preview's AI charge: 'preview:<flowId>:<nodeId>' (never an assignment's). */
export const previewAiReference = (flowId: string, nodeId: string) =>
  `preview:${flowId}:${nodeId}`.slice(0, 200);
