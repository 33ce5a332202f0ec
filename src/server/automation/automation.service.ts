import type { z } from 'zod';
import {
  TASK_USAGE_CSV_HEADER,
  TaskMessage,
  type TTask,
  type TTaskDetail,
  type TTaskJournalsQuery,
  type TTaskUsageQuery,
  type TTaskUsageRow,
  type ZCreateTaskRequest,
  type ZTaskListQuery,
  type ZUpdateTaskRequest,
} from '../../shared/contract/automation';
import { toCsv } from '../../shared/domain/csv';
import { creditsToNumber, parseCredits } from '../../shared/domain/decimal';
import { isId, newId } from '../../shared/domain/ids';
import { findFlow } from '../flows/flows.repo';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';
import { createJournalsService } from '../journals/journals.service';
import { createToolsService } from '../tools/tools.service';
import {
  deleteTask,
  findVisibleTask,
  insertTask,
  listTasks,
  type TaskRow,
  type TaskSpace,
  taskTotals,
  updateTask,
  usageByKeyAndDay,
} from './automation.repo';
import { slotsOf } from './slots';

const DAY_MS = 86_400_000;

export function taskView(r: TaskRow): TTask {
  return {
    _id: r.id,
    taskId: r.id,
    name: r.name,
    description: r.description,
    iconUrl: r.iconUrl,
    status: r.status,
    flowId: r.flowId,
    flowName: r.flowName,
    orgId: r.orgId,
    ownerId: r.ownerId,
    unitUsageOption: 'PAY_BY_API_KEY',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Tasks (spec 03 §1–§5, §7): exactly one flow each; their owner (and org admins) manage them. */
export function createAutomationService(deps: AppDeps) {
  const db = deps.database.db;
  const tools = createToolsService(deps);
  const journals = createJournalsService(deps);
  const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);

  async function visible(space: TaskSpace, id: string): Promise<TaskRow> {
    const row = isId(id) ? await findVisibleTask(db, space, id) : null;
    if (!row) throw notFound('Task');
    return row;
  }

  async function usage(space: TaskSpace, id: string, q: TTaskUsageQuery) {
    const task = await visible(space, id);
    const from = q.from ? new Date(`${q.from}T00:00:00.000Z`) : null;
    // `to` is a whole day: up to the start of the next one.
    const to = q.to ? new Date(new Date(`${q.to}T00:00:00.000Z`).getTime() + DAY_MS) : null;
    const rows = await usageByKeyAndDay(db, task.id, from, to, q.status);
    return rows.map(
      (r): TTaskUsageRow => ({
        date: r.date,
        lastUsedAt: r.lastUsedAt,
        apiKey: r.apiKey,
        apiKeyDisplay: r.apiKeyDisplay,
        apiKeyName: r.apiKeyName,
        calls: r.calls,
        creditsUsed: creditsToNumber(parseCredits(r.credits)),
      }),
    );
  }

  return {
    visible,

    async create(space: TaskSpace, body: z.infer<typeof ZCreateTaskRequest>) {
      const caller = {
        userId: space.userId,
        orgId: space.orgId,
        role: space.isOrgAdmin ? ('admin' as const) : null,
      };
      const [flow] = await tools.requireUsableFlows(caller, [body.flowId]);
      const id = newId();
      await insertTask(db, {
        id,
        orgId: space.orgId,
        ownerId: space.userId,
        flowId: flow.id,
        name: body.name,
        description: body.description ?? '',
      });
      return { data: taskView(await visible(space, id)), message: TaskMessage.created };
    },

    async list(space: TaskSpace, q: z.infer<typeof ZTaskListQuery>) {
      const { rows, total } = await listTasks(db, space, q);
      return { tasks: rows.map(taskView), total };
    },

    async detail(space: TaskSpace, id: string): Promise<TTaskDetail> {
      const task = await visible(space, id);
      const flow = await findFlow(db, task.orgId, task.flowId);
      const totals = await taskTotals(db, task.id);
      return {
        ...taskView(task),
        slots: slotsOf(flow?.nodes ?? []),
        runs: totals.runs,
        creditsUsed: creditsToNumber(parseCredits(totals.credits)),
      };
    },

    async slots(space: TaskSpace, id: string) {
      const task = await visible(space, id);
      const flow = await findFlow(db, task.orgId, task.flowId);
      return { slots: slotsOf(flow?.nodes ?? []) };
    },

    async update(space: TaskSpace, id: string, body: z.infer<typeof ZUpdateTaskRequest>) {
      const task = await visible(space, id);
      await updateTask(db, task.id, body);
      return { data: taskView(await visible(space, id)), message: TaskMessage.updated };
    },

    /** live ↔ paused (spec 03 §4); a completed task stays completed only by its own rule (none yet). */
    async setStatus(space: TaskSpace, id: string, status: 'live' | 'paused') {
      const task = await visible(space, id);
      await updateTask(db, task.id, { status });
      return {
        data: taskView(await visible(space, id)),
        message: status === 'paused' ? TaskMessage.paused : TaskMessage.resumed,
      };
    },

    async remove(space: TaskSpace, id: string) {
      const task = await visible(space, id);
      if (!(await deleteTask(db, task.id))) throw notFound('Task');
      return { message: TaskMessage.deleted };
    },

    usage,

    /** The journals of the task's runs (who sees the task sees them; 404 for anyone else). */
    async journals(space: TaskSpace, id: string, q: TTaskJournalsQuery) {
      const task = await visible(space, id);
      return journals.listRuns({
        taskId: task.id,
        runId: q.runId,
        from: q.from ? dayStart(q.from) : null,
        // `to` is a whole day: up to the start of the next one.
        to: q.to ? new Date(dayStart(q.to).getTime() + DAY_MS) : null,
        limit: q.limit ?? 20,
      });
    },

    /** The usage rows as CSV, in the table's columns; cells that could be formulas are neutralised. */
    async usageCsv(space: TaskSpace, id: string, q: TTaskUsageQuery): Promise<string> {
      const rows = await usage(space, id, q);
      return toCsv(
        [...TASK_USAGE_CSV_HEADER],
        rows.map((r) => [
          r.lastUsedAt,
          r.apiKeyName ? `${r.apiKeyName} (${r.apiKeyDisplay})` : r.apiKeyDisplay,
          r.creditsUsed,
          r.calls,
        ]),
      );
    },
  };
}
