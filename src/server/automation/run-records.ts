import { randomUUID } from 'node:crypto';
import type {
  TJournal,
  TJournalPort,
  TXapiPort,
  TXapiRunContext,
  TXapiStatement,
} from '../../shared/domain/runtime';
import type { AppDeps } from '../http/context';
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
    actor: {
      objectType: 'Agent',
      name: p.key.name,
      account: { homePage: origin, name: `api-key:${p.key.id}` },
    },
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
 * The journals of one headless run. Journals are stored per assignment and learner (the journals
 * table's assignment is required) and a task run has neither, so a run keeps its journals for itself:
 * a later block of the same run reads what an earlier one wrote, and the answer lists them.
 */
export function createRunJournals(now: () => number) {
  const byName = new Map<string, TJournal>();
  const stamp = () => new Date(now()).toISOString();
  const port: TJournalPort = {
    read: async (name) => byName.get(name) ?? null,
    async write(name, content) {
      byName.set(name, { name, content, updatedAt: stamp() });
    },
    async update(name, content, mode) {
      const found = byName.get(name);
      if (!found) return false;
      const joined = mode === 'replace' || !found.content ? content : `${found.content}\n\n${content}`;
      byName.set(name, { name, content: joined, updatedAt: stamp() });
      return true;
    },
  };
  return { port, list: (): TJournal[] => [...byName.values()] };
}
