import { api } from '../../shared/api/http';
import { ZFlowListResponse } from '../../shared/contract/flows';
import {
  TAG_LIST_LIMIT,
  type TCreateToolRequest,
  TOOL_SEARCH_LIMIT,
  ZGenerateNameResponse,
  ZTagListResponse,
  ZToolResponse,
  ZToolSearchResponse,
} from '../../shared/contract/tools';

/** The only IO of the tool explorer and the create-tool wizard. */
export const toolsApi = {
  tags: () => api.get('tag', { query: { limit: TAG_LIST_LIMIT }, schema: ZTagListResponse }),
  search: (params: { tagId?: string; keyword?: string }, signal?: AbortSignal) =>
    api.get('tool/search', {
      query: { tagId: params.tagId, keyword: params.keyword, limit: TOOL_SEARCH_LIMIT },
      schema: ZToolSearchResponse,
      signal,
    }),
  userFlows: () => api.get('flows/user', { query: { limit: 1000 }, schema: ZFlowListResponse }),
  get: (id: string) => api.get(`tool/${id}`, { schema: ZToolResponse }),
  create: (body: TCreateToolRequest) => api.post('tool', body, { schema: ZToolResponse, quiet: true }),
  generateNameDescription: (flows: string[]) =>
    api.post('tool/generate-name-description', { flows }, { schema: ZGenerateNameResponse }),
};
