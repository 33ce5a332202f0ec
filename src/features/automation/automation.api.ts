import { api } from '../../shared/api/http';
import {
  type TCreateTaskRequest,
  type TTaskListQuery,
  type TTaskUsageQuery,
  type TUpdateTaskRequest,
  ZTaskDetailResponse,
  ZTaskListResponse,
  ZTaskMessageResponse,
  ZTaskResponse,
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
  generate: (flows: string[]) =>
    api.post('tasks/generate-name-description', { flows }, { schema: ZGenerateNameResponse }),
  userFlows: () => api.get('flows/user', { query: { limit: FLOW_LIST_LIMIT }, schema: ZFlowListResponse }),
};
