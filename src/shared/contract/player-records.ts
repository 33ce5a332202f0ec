import { z } from 'zod';
import { zText } from './text';

/**
 * GET /api/player/assignment/{id}/statements: the runtime's LRS port in the player (xAPI Report,
 * Retrieve xAPI Statements). Only the signed-in participant's own statements of that assignment.
 */
export const PLAYER_STATEMENTS_MAX = 100;

const iri = zText()
  .trim()
  .max(2000)
  .regex(/^[a-z][a-z0-9+.-]*:\S*$/i, 'must be an IRI');

export const ZOwnStatementsQuery = z.object({
  verb: iri.optional(),
  activity: iri.optional(),
  since: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).optional(),
  limit: z.coerce.number().int().min(1).max(PLAYER_STATEMENTS_MAX).default(20),
});
export type TOwnStatementsQuery = z.infer<typeof ZOwnStatementsQuery>;
