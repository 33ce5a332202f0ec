import { api } from '../../shared/api/http';
import {
  type TCreateTaskRequest,
  type TTaskJournalsQuery,
  type TTaskListQuery,
  type TTaskUsageQuery,
  type TUpdateTaskRequest,
  ZTaskDetailResponse,
  ZTaskJournalsResponse,
  ZTaskListResponse,
  ZTaskMessageResponse,
  ZTaskResponse,
  ZTaskRunResult,
  ZTaskSlotsResponse,
  ZTaskUsageResponse,
} from '../../shared/contract/automation';
import { FLOW_LIST_LIMIT, ZFlowListResponse } from '../../shared/contract/flows';
import { ZGenerateNameResponse } from '../../shared/contract/tools';

/** The only IO of the automation screens (spec 03 §7). */
export const automationApi = {
  list: (q: TTaskListQuery, signal?: AbortSignal) =>
    api.get('tasks', { query: q, schema: ZTaskListResponse, signal, quiet: true }),
  detail: (id: string) => api.get(`tasks/${id}/detail`, { schema: ZTaskDetailResponse, quiet: true }),
  create: (body: TCreateTaskRequest) => api.post('tasks', body, { schema: ZTaskResponse }),
  update: (id: string, body: TUpdateTaskRequest) => api.put(`tasks/${id}`, body, { schema: ZTaskResponse }),
  setStatus: (id: string, status: 'live' | 'paused') =>
    api.put(`tasks/${id}/status`, { status }, { schema: ZTaskResponse, quiet: true }),
  remove: (id: string) => api.delete(`tasks/${id}`, { schema: ZTaskMessageResponse, quiet: true }),
  usage: (id: string, q: TTaskUsageQuery) =>
    api.get(`tasks/${id}/usage`, { query: q, schema: ZTaskUsageResponse, quiet: true }),
  journals: (id: string, q: TTaskJournalsQuery) =>
    api.get(`tasks/${id}/journals`, { query: q, schema: ZTaskJournalsResponse, quiet: true }),
  /** The input blocks of the task's flow as it is now (the flow may have been edited since the page loaded). */
  slots: (id: string) => api.get(`tasks/${id}/slots`, { schema: ZTaskSlotsResponse, quiet: true }),
  /** The task page's "Run with inputs": the run an API call makes, signed in and paid by the space. */
  tryRun: (id: string, input: Record<string, unknown>) =>
    api.post(`tasks/${id}/try`, input, { schema: ZTaskRunResult, quiet: true }),
  generate: (flows: string[]) =>
    api.post('tasks/generate-name-description', { flows }, { schema: ZGenerateNameResponse }),
  userFlows: () => api.get('flows/user', { query: { limit: FLOW_LIST_LIMIT }, schema: ZFlowListResponse }),
};
