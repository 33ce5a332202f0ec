import { z } from 'zod';
import { ZId } from './collections';
import { ZJournal } from './reports';
import { zText } from './text';

/**
 * Automation tasks (spec 03 §1–§9). Signed-in user, in the space of the `orgId` header:
 *   POST   /api/tasks                       { flowId, name, description? } → 201 { data: TTask, message }
 *   GET    /api/tasks?keyword=&skip=&limit=&sortBy=&status=  → { tasks: TTask[], total }
 *   GET    /api/tasks/{id}/detail           → { data: TTaskDetail }
 *   PUT    /api/tasks/{id}                  { name?, description? } → { data, message 'Task updated.' }
 *   PUT    /api/tasks/{id}/status           { status: live|paused } → { data, message }
 *   DELETE /api/tasks/{id}                  → { message }
 *   GET    /api/tasks/{id}/slots            → { slots: TTaskSlot[] } (what the run's input JSON answers)
 *   GET    /api/tasks/{id}/usage?from=&to=  → { usage: TTaskUsageRow[] } (per API key and UTC day)
 *   GET    /api/tasks/{id}/usage/export?from=&to= → text/csv
 *   GET    /api/tasks/{id}/journals?runId=&from=&to=&limit= → { journals: TJournal[] } (the journals
 *          its runs' journal blocks wrote: the newest `limit` runs, each run's in the order written)
 *   POST   /api/tasks/generate-name-description { flows } → { name, description, provider }
 * The task's owner manages it, and in an organisation its admins too; anyone else gets 404.
 *
 * Public, authenticated by an API key (`Authorization: Bearer flk_…` or `x-api-key: flk_…`):
 *   POST   /api/tasks/{id}/run              the flow's inputs as JSON → TTaskRunResult
 *          (`Accept: text/event-stream` streams progress as server-sent events, then `result`)
 *   401 unknown or refunded key · 404 a task of another space · 409 paused task ·
 *   400 UNIT_BALANCE_INSUFFICIENT when the key's wallet cannot pay · 429 over the key's rate limit.
 *   Each run costs TASK_RUN_FEE plus its AI usage, reserved on the key's wallet, then settled.
 *   Described for integrators at GET /api/openapi.json.
 *   POST   /api/tasks/{id}/try              the same run, signed in (the task page's "Run with inputs"):
 *          any status, paid by the caller's space, not counted as API usage; 404 a task one may not manage.
 */

export const TASK_PAGE_SIZE = 20;
export const TASK_NAME_MAX = 120;
export const TASK_DESCRIPTION_MAX = 2000;
/** What one run costs before its AI usage (credits, exact decimal). */
export const TASK_RUN_FEE = '0.01';
/** Runs per API key per minute. */
export const TASK_RUNS_PER_MINUTE = 120;

export const TASK_STATUSES = ['live', 'paused', 'completed'] as const;
export const ZTaskStatus = z.enum(TASK_STATUSES);
export type TTaskStatus = z.infer<typeof ZTaskStatus>;

export const ZTaskIdParam = z.object({ id: ZId });
const ZName = zText().trim().min(1, 'is required').max(TASK_NAME_MAX);
const ZDescription = zText().trim().max(TASK_DESCRIPTION_MAX);

/** Exactly one flow (spec 03 §5). */
export const ZCreateTaskRequest = z.object({
  flowId: ZId,
  name: ZName,
  description: ZDescription.optional(),
});
export type TCreateTaskRequest = z.input<typeof ZCreateTaskRequest>;
export const ZUpdateTaskRequest = z
  .object({ name: ZName, description: ZDescription })
  .partial()
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: 'send name or description',
    path: ['name'],
  });
export type TUpdateTaskRequest = z.input<typeof ZUpdateTaskRequest>;
export const ZTaskStatusRequest = z.object({ status: z.enum(['live', 'paused']) });

export const TASK_SORTS = ['createdAt', 'updatedAt', 'name'] as const;
export const ZTaskListQuery = z.object({
  keyword: zText().trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(TASK_PAGE_SIZE),
  sortBy: z.enum(TASK_SORTS).default('createdAt'),
  order: z.enum(['desc', 'asc']).default('desc'),
  /** Omitted (or 'all') for every status. */
  status: z
    .enum(['all', ...TASK_STATUSES])
    .optional()
    .transform((s) => (s === 'all' ? undefined : s)),
});
export type TTaskListQuery = {
  keyword?: string;
  skip?: number;
  limit?: number;
  sortBy?: (typeof TASK_SORTS)[number];
  order?: 'asc' | 'desc';
  status?: TTaskStatus;
};

export const ZTask = z.object({
  _id: zText(),
  taskId: zText(),
  name: zText(),
  description: zText(),
  iconUrl: zText().nullable(),
  status: ZTaskStatus,
  flowId: zText(),
  flowName: zText(),
  orgId: zText().nullable(),
  ownerId: zText(),
  /** Who pays a run: the calling API key's wallet. */
  unitUsageOption: z.literal('PAY_BY_API_KEY'),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TTask = z.infer<typeof ZTask>;

/** A block that takes a value from the run's input JSON, under `key` (its label, else its node id). */
export const ZTaskSlot = z.object({
  key: zText(),
  nodeId: zText(),
  nodeType: zText(),
  label: zText(),
  kind: z.enum(['text', 'media', 'form', 'quiz', 'choice', 'conversation']),
});
export type TTaskSlot = z.infer<typeof ZTaskSlot>;

export const ZTaskDetail = ZTask.extend({
  slots: z.array(ZTaskSlot),
  runs: z.number().int(),
  creditsUsed: z.number(),
});
export type TTaskDetail = z.infer<typeof ZTaskDetail>;

/** Run outcomes the usage table can be filtered by (a usage row is one run). */
export const TASK_RUN_STATUSES = ['done', 'failed'] as const;
export type TTaskRunStatus = (typeof TASK_RUN_STATUSES)[number];
export const ZTaskUsageQuery = z.object({
  from: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
  /** Omitted (or 'all') for runs of every outcome. */
  status: z
    .enum(['all', ...TASK_RUN_STATUSES])
    .optional()
    .transform((s) => (s === 'all' ? undefined : s)),
});
export type TTaskUsageQuery = { from?: string; to?: string; status?: TTaskRunStatus };
/** One API key on one UTC day (spec 03 §3 usage row). */
export const ZTaskUsageRow = z.object({
  date: zText(),
  lastUsedAt: zText(),
  apiKey: zText(),
  apiKeyDisplay: zText(),
  apiKeyName: zText(),
  calls: z.number().int(),
  creditsUsed: z.number(),
});
export type TTaskUsageRow = z.infer<typeof ZTaskUsageRow>;

/** Runs whose journals one page of GET /api/tasks/{id}/journals lists by default. */
export const TASK_JOURNAL_RUNS = 20;
export const ZTaskJournalsQuery = z.object({
  runId: ZId.optional(),
  from: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TASK_JOURNAL_RUNS),
});
export type TTaskJournalsQuery = { runId?: string; from?: string; to?: string; limit?: number };
export const ZTaskJournalsResponse = z.object({ journals: z.array(ZJournal) });

export const ZTaskResponse = z.object({ data: ZTask, message: zText().optional() });
export const ZTaskDetailResponse = z.object({ data: ZTaskDetail });
export const ZTaskListResponse = z.object({ tasks: z.array(ZTask), total: z.number().int() });
export const ZTaskSlotsResponse = z.object({ slots: z.array(ZTaskSlot) });
export const ZTaskUsageResponse = z.object({ usage: z.array(ZTaskUsageRow) });
export const ZTaskMessageResponse = z.object({ message: zText() });

/** The answer of POST /api/tasks/{id}/run. */
export const ZTaskRunResult = z.object({
  runId: zText(),
  status: z.enum(['done', 'failed']),
  /** Every block's outputs by node id: { nodeType, label, values: { handle: JSON } }. */
  outputs: z.record(zText(), z.unknown()),
  variables: z.record(zText(), zText()),
  issues: z.array(z.unknown()),
  error: z.unknown().optional(),
  credits: z.number(),
  durationMs: z.number(),
  /** The xAPI registration of the run's statements in the task's LRS, and how many were stored. */
  registration: zText().optional(),
  statements: z.number().int().optional(),
  /** Journals the run's journal blocks wrote (kept per run; GET /api/tasks/{id}/journals?runId=). */
  journals: z.array(z.object({ name: zText(), content: zText() })).optional(),
});
export type TTaskRunResult = z.infer<typeof ZTaskRunResult>;

export const TaskMessage = {
  created: 'Task created successfully',
  updated: 'Task updated.',
  paused: 'Task paused.',
  resumed: 'Task resumed.',
  deleted: 'Task deleted.',
} as const;

/** The usage export's columns, as the table shows them (spec 03 §2). */
export const TASK_USAGE_CSV_HEADER = [
  'Last used Date',
  'API Key Used',
  'Total Credits Used',
  'Calls',
] as const;
