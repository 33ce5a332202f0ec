import { TASK_RUNS_PER_MINUTE } from '../../shared/contract/automation';
import type { TRunFlow } from '../../shared/domain/runtime';
import { findUsersByIds } from '../assignments/assignments.repo';
import { findFlows } from '../flows/flows.repo';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';
import { hitLimits, RateLimitError } from '../http/rate-limit';
import { findVisibleTask, type TaskSpace } from './automation.repo';
import type { PreparedRun } from './run.service';

const TRY_WINDOW_MS = 60_000;

/**
 * "Run with inputs" on the task page: whoever may manage the task runs it signed in, without an API
 * key, whatever its status (an author tries a paused task before making it live). The run is the one
 * an API call makes (same runtime, fee and AI charges), paid by the caller's space like a chat — the
 * organisation's wallet in an organisation, else the caller's own — with the caller as xAPI actor. It
 * is not API usage: the task's usage table counts keys only.
 */
export function createTaskTrial(deps: AppDeps) {
  const db = deps.database.db;
  return {
    async prepare(space: TaskSpace, taskId: string, origin: string): Promise<PreparedRun> {
      const retryAfterMs = await hitLimits(deps, [
        { key: `task-try:${space.userId}`, max: TASK_RUNS_PER_MINUTE, windowMs: TRY_WINDOW_MS },
      ]);
      if (retryAfterMs > 0) throw new RateLimitError(retryAfterMs, 'Too many runs. Please slow down.');
      const task = await findVisibleTask(db, space, taskId);
      if (!task) throw notFound('Task');
      const [[flow], [user]] = await Promise.all([
        findFlows(db, task.orgId, [task.flowId]),
        findUsersByIds(db, [space.userId]),
      ]);
      if (!flow) throw notFound('Flow');
      if (!user) throw notFound('User');
      return {
        caller: {
          payer: space.orgId ? { kind: 'org', orgId: space.orgId } : { kind: 'user', userId: space.userId },
          actor: { objectType: 'Agent', name: user.fullname || user.email, mbox: `mailto:${user.email}` },
          apiKeyId: null,
        },
        task: {
          id: task.id,
          orgId: task.orgId,
          ownerId: task.ownerId,
          flowId: task.flowId,
          name: task.name,
          status: task.status,
        },
        flow: { id: task.flowId, nodes: flow.nodes, edges: flow.edges } as TRunFlow,
        flowName: flow.name,
        origin: origin.replace(/\/+$/, ''),
      };
    },
  };
}
