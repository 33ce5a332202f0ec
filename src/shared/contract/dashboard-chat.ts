import { z } from 'zod';
import { zText } from './text';

/**
 * The LRS dashboard's chat panel (spec 02 §2, "an optional chat panel"): a question about the
 * statements on screen, answered by the AI and charged exactly like chat (spec 03 §7–§8).
 *   POST /api/assignment/{id}/lrs-dashboard/chat  TDashboardChatRequest → server-sent events as
 *     POST /api/chat-with-ai streams them (`content`, then `done` with the cost, or `error`; `[DONE]`
 *     last), or the answer as JSON when `stream` is false and the client does not ask for events.
 * Who may ask: as the report routes (owner, co-owners, the organisation's admins): another space 404,
 * anyone else 403. The server reads the statements itself; the client only says which verb is shown.
 */
export const DASHBOARD_QUESTION_MAX = 2000;

export const ZDashboardChatRequest = z.object({
  question: zText().trim().min(1, 'is required').max(DASHBOARD_QUESTION_MAX),
  /** The verb tab on screen (its IRI), or none for all verbs. */
  verb: zText().max(2000).optional(),
  model: zText().trim().min(1).max(80).optional(),
  stream: z.boolean().optional(),
});
export type TDashboardChatRequest = z.infer<typeof ZDashboardChatRequest>;
