import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * Reports and journals (spec 02 §2, §3, §7). Signed-in user in the space of the `orgId` header:
 *   GET /api/journal/{id}  → { data: TJournal } (managers of its assignment, its author, its members;
 *                            a task run's journal: who may see the task's detail)
 * The report routes are listed in ./reports-routes.ts once they exist.
 */

export const JOURNAL_NAME_MAX = 200;
/** Longest journal content kept (markdown): 200,000 characters. */
export const JOURNAL_CONTENT_MAX = 200_000;
export const JOURNAL_PARAGRAPH_MAX = 280;
/** What a collaborative journal's content is when nobody has written yet (spec 02 §2). */
export const EMPTY_JOURNAL_CONTENT = 'Journal is Empty';

/** Spec 02 §3 Journal, plus the fields the player and the reports need (userId, flowId, collaborative). */
export const ZJournal = z.object({
  _id: zText(),
  name: zText(),
  content: zText(),
  refId: zText().nullable(),
  thumbnail: zText().nullable(),
  paragraph: zText(),
  isArchive: z.boolean(),
  type: zText(),
  /** The assignment of the journal; null for a journal of an automation task's run (taskId, runId). */
  assignmentId: zText().nullable(),
  taskId: zText().nullable().optional(),
  runId: zText().nullable().optional(),
  flowId: zText().nullable(),
  userId: zText().nullable(),
  collaborative: z.boolean(),
  createdAt: zText(),
  updatedAt: zText(),
  members: z.array(zText()),
});
export type TJournal = z.infer<typeof ZJournal>;

export const ZJournalIdParam = z.object({ id: ZId });
export const ZJournalResponse = z.object({ data: ZJournal });
