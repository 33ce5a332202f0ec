/**
 * Journals of an assignment (spec 02 §3 Journal): what journal blocks of a flow write for a learner,
 * and the collaborative journals the assignment's learners write together.
 *
 *   const journals = createJournalsService(deps);
 *   const key = { assignmentId, userId, name };                 // + collaborative: true for a shared one
 *   await journals.save(key, { content, type: 'journalNode', flowId, refId: nodeId }); // create or replace
 *   await journals.update(key, entry, 'append');                // null when there is none of that name
 *   await journals.read(key);                                   // TJournal | null
 *   await journals.list({ assignmentId, flowId?, refId?, userId?, collaborative? }); // by name, then user
 *   await journals.get(caller, id);                             // GET /api/journal/{id}, access-checked
 *   const run = { taskId, runId, name };                        // a task run's journal (run_id = usage row)
 *   await journals.save(run, write); await journals.read(run);  // the same calls, kept for that run
 *   await journals.listRuns({ taskId, runId?, from?, to?, limit }); // the task's run journals, newest run first
 *   await journals.removeRun(taskId, runId);                    // a run that broke off leaves none
 *
 * save/update/read/list do not check who calls: the caller (the learner player's routes, the runtime's
 * journals port, the reports, the task runner and task routes) checks that userId takes part in or
 * manages assignmentId, or that the caller may see the task, first.
 * A name longer than JOURNAL_NAME_MAX or content longer than JOURNAL_CONTENT_MAX is a 400.
 * Writers of a collaborative journal become its members. Thumbnail and paragraph follow the content.
 */
import { JOURNAL_CONTENT_MAX, JOURNAL_NAME_MAX, type TJournal } from '../../shared/contract/reports';
import { newId } from '../../shared/domain/ids';
import { type Caller, managerRole } from '../assignments/access';
import { findAssignmentInSpace } from '../assignments/assignments.repo';
import { findVisibleTask } from '../automation/automation.repo';
import type { AppDeps } from '../http/context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { summarise } from './journal-summary';
import {
  deleteRunJournals,
  findJournal,
  isRunKey,
  type JournalFilter,
  type JournalKey,
  type JournalRow,
  journalById,
  listJournals,
  listRunJournals,
  type RunJournalFilter,
  updateJournalRow,
  upsertJournal,
} from './journals.repo';

export type { JournalFilter, JournalKey, RunJournalFilter, RunJournalKey } from './journals.repo';

export interface JournalWrite {
  content: string;
  /** The block type that writes (journalNode, updateJournalNode, knowledgeBotNode…). */
  type: string;
  flowId?: string | null;
  /** The block's id. */
  refId?: string | null;
}

export interface JournalsService {
  read(key: JournalKey): Promise<TJournal | null>;
  save(key: JournalKey, write: JournalWrite): Promise<TJournal>;
  update(key: JournalKey, content: string, mode: 'append' | 'replace'): Promise<TJournal | null>;
  list(filter: JournalFilter): Promise<TJournal[]>;
  listRuns(filter: RunJournalFilter): Promise<TJournal[]>;
  removeRun(taskId: string, runId: string): Promise<number>;
  get(caller: Caller, id: string): Promise<TJournal>;
}

export function toJournal(r: JournalRow): TJournal {
  return {
    _id: r.id,
    name: r.name,
    content: r.content,
    refId: r.refId,
    thumbnail: r.thumbnail,
    paragraph: r.paragraph,
    isArchive: r.isArchive,
    type: r.type,
    assignmentId: r.assignmentId,
    taskId: r.taskId,
    runId: r.runId,
    flowId: r.flowId,
    userId: r.userId,
    collaborative: r.collaborative,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    members: r.members,
  };
}

function checked(key: JournalKey, content: string): string {
  const name = key.name.trim();
  if (!name) throw badRequest('name: a journal needs a name');
  if (name.length > JOURNAL_NAME_MAX) throw badRequest(`name: at most ${JOURNAL_NAME_MAX} characters`);
  if (content.length > JOURNAL_CONTENT_MAX)
    throw badRequest(`content: at most ${JOURNAL_CONTENT_MAX} characters`);
  if (content.includes('\u0000') || name.includes('\u0000'))
    throw badRequest('content: must not contain the NUL character (U+0000)');
  return name;
}

export function createJournalsService(deps: AppDeps): JournalsService {
  const db = deps.database.db;
  const norm = (key: JournalKey): JournalKey => ({ ...key, name: key.name.trim() });

  return {
    async read(key) {
      const row = await findJournal(db, norm(key));
      return row ? toJournal(row) : null;
    },

    async save(key, write) {
      const name = checked(key, write.content);
      const common = {
        id: newId(),
        name,
        type: write.type,
        flowId: write.flowId ?? null,
        refId: write.refId ?? null,
        content: write.content,
        ...summarise(write.content),
        updatedAt: new Date(),
      };
      if (isRunKey(key)) {
        const row = { ...common, taskId: key.taskId, runId: key.runId, members: [] };
        return toJournal(await upsertJournal(db, row, ''));
      }
      const collaborative = key.collaborative === true;
      const row = await upsertJournal(
        db,
        {
          ...common,
          assignmentId: key.assignmentId,
          userId: collaborative ? null : key.userId,
          collaborative,
          members: [key.userId],
        },
        key.userId,
      );
      return toJournal(row);
    },

    async update(key, content, mode) {
      checked(key, content);
      return db.transaction(async (tx) => {
        const row = await findJournal(tx, norm(key), true);
        if (!row) return null;
        const next = mode === 'append' && row.content ? `${row.content}\n\n${content}` : content;
        if (next.length > JOURNAL_CONTENT_MAX)
          throw badRequest(`content: at most ${JOURNAL_CONTENT_MAX} characters`);
        const writer = isRunKey(key) ? null : key.userId;
        const members =
          writer === null || row.members.includes(writer) ? row.members : [...row.members, writer];
        const updated = await updateJournalRow(tx, row.id, {
          content: next,
          ...summarise(next),
          members,
          updatedAt: new Date(),
        });
        return toJournal(updated);
      });
    },

    async list(filter) {
      return (await listJournals(db, filter)).map(toJournal);
    },

    async listRuns(filter) {
      return (await listRunJournals(db, filter)).map(toJournal);
    },

    removeRun: (taskId, runId) => deleteRunJournals(db, taskId, runId),

    async get(caller, id) {
      const row = await journalById(db, id);
      // A task run's journal: whoever may see the task (its owner, its organisation's admins), in the
      // task's own space only; anyone else does not learn that it exists.
      if (row?.taskId) {
        if (!(await findVisibleTask(db, caller, row.taskId))) throw notFound('Journal');
        return toJournal(row);
      }
      // A journal of an assignment outside the caller's space is unknown, like the assignment.
      const assignment = row?.assignmentId ? await findAssignmentInSpace(db, caller, row.assignmentId) : null;
      if (!row || !assignment) throw notFound('Journal');
      const own = row.userId === caller.userId || (row.collaborative && row.members.includes(caller.userId));
      // Spec 02 §6: the owner and co-owners read reports (an org admin who is neither does not).
      const role = own ? null : await managerRole(db, caller, assignment);
      if (!own && (role === null || role === 'admin'))
        throw forbidden('Only the owner and co-owners of this assignment can read this journal.');
      return toJournal(row);
    },
  };
}
