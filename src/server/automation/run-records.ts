import { randomUUID } from 'node:crypto';
import type { TJournal as TStoredJournal } from '../../shared/contract/reports';
import type {
  TJournal,
  TJournalPort,
  TXapiPort,
  TXapiRunContext,
  TXapiStatement,
} from '../../shared/domain/runtime';
import type { AppDeps } from '../http/context';
import { createJournalsService } from '../journals/journals.service';
import { createLrsService, lrsSpace } from '../lrs';
import { flowActivityId } from '../player/player.statements';
import type { PreparedRun } from './run.service';

/** The activity of a task: statements of its runs are grouped under it (as a player run's under its assignment). */
export const taskActivityId = (origin: string, taskId: string) => `${origin}/automation/task/${taskId}`;

/**
 * The xAPI statements of one headless run: the runtime emits them through the same port as in the
 * player, with the API key as actor (an account on this server), the flow as activity and the task as
 * grouping; they are stored with the LRS service in the task's space (its organisation's LRS, else the
 * owner's personal one) once the run ends. One registration (UUID) per run.
 */
export function createRunRecorder(deps: AppDeps, p: PreparedRun, origin: string) {
  const lrs = createLrsService(deps);
  const statements: TXapiStatement[] = [];
  const registration = randomUUID();
  const context: TXapiRunContext = {
    actor: p.caller.actor,
    flowActivityId: flowActivityId(origin, p.task.flowId),
    flowName: p.flowName,
    contextActivities: {
      grouping: [
        {
          objectType: 'Activity',
          id: taskActivityId(origin, p.task.id),
          definition: { name: { 'en-US': p.task.name }, type: 'http://adlnet.gov/expapi/activities/course' },
        },
      ],
    },
    registration,
    platform: 'Flowlearn automation',
  };
  const port: TXapiPort = {
    emit(statement) {
      statements.push(statement);
    },
  };
  return {
    registration,
    context,
    port,
    /** Stores what the run emitted; answers the statement ids. */
    async store(): Promise<string[]> {
      if (!statements.length) return [];
      return lrs.storeStatements(lrsSpace({ orgId: p.task.orgId, userId: p.task.ownerId }), statements);
    },
  };
}

/**
 * The journals port of one headless run: the run's own journals in the journals table (task_id,
 * run_id; see the schema's note on why a run, not the task, owns them), through the journals
 * service, so a later block of the run reads what an earlier one wrote and the task's managers read
 * them on the task page. A refused write (too long, NUL) is the runtime's 'journal-failed' warning.
 * A block's "Shared with the class" (the port's collaborative scope) is ignored here: a run has no
 * class of learners to share with (one caller, per run), so a shared journal and a personal one of the
 * same name are the run's one journal of that name, kept per run like the others.
 */
export function createRunJournals(deps: AppDeps, run: { taskId: string; runId: string; flowId: string }) {
  const journals = createJournalsService(deps);
  const key = (name: string) => ({ taskId: run.taskId, runId: run.runId, name });
  const plain = (j: TStoredJournal): TJournal => ({
    name: j.name,
    content: j.content,
    updatedAt: j.updatedAt,
  });
  const port: TJournalPort = {
    async read(name) {
      const found = await journals.read(key(name));
      return found ? plain(found) : null;
    },
    async write(name, content, meta) {
      await journals.save(key(name), {
        content,
        type: meta.nodeType,
        flowId: run.flowId,
        refId: meta.nodeId,
      });
    },
    async update(name, content, mode) {
      return (await journals.update(key(name), content, mode)) !== null;
    },
  };
  return {
    port,
    /** A run that broke off (no usage row, nothing charged) keeps no journals. */
    discard: () => journals.removeRun(run.taskId, run.runId),
    /** What the run wrote, in the order it first wrote each journal. */
    list: async (): Promise<TJournal[]> =>
      (await journals.listRuns({ taskId: run.taskId, runId: run.runId, limit: 1 })).map(plain),
  };
}
