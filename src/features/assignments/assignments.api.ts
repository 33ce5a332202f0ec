import { api } from '../../shared/api/http';
import {
  type TAssignmentListQuery,
  type TCreateAssignmentRequest,
  type TUpdateAssignmentRequest,
  ZAccessLinkCreated,
  ZAccessLinkResponse,
  ZAccessLinksResponse,
  ZAccessLinkTopUpResponse,
  ZAssignmentListResponse,
  ZAssignmentResponse,
  ZAssignmentWithMessage,
  ZCheckCodeResponse,
  ZCoOwnersResponse,
  ZCoOwnersWithMessage,
  ZJoinResponse,
  ZMessageResponse,
  ZParticipantsResponse,
} from '../../shared/contract/assignments';
import type { TDeductFrom } from '../../shared/contract/credits';
import { FLOW_LIST_LIMIT, ZFlowListResponse, ZFlowSearchResponse } from '../../shared/contract/flows';
import { ZGenerateNameResponse } from '../../shared/contract/tools';

/** The only IO of the assignment screens (spec 02 §7). */
export const assignmentsApi = {
  list: (q: TAssignmentListQuery, signal?: AbortSignal) =>
    api.get('assignment', { query: q, schema: ZAssignmentListResponse, signal, quiet: true }),
  get: (id: string) => api.get(`assignment/${id}`, { schema: ZAssignmentResponse, quiet: true }),
  create: (body: TCreateAssignmentRequest) =>
    api.post('assignment', body, { schema: ZAssignmentWithMessage }),
  update: (id: string, body: TUpdateAssignmentRequest, quiet = false) =>
    api.put(`assignment/${id}`, body, { schema: ZAssignmentWithMessage, quiet }),
  togglePause: (id: string, isPaused: boolean) =>
    api.put(`assignment/${id}/toggle-pause`, { isPaused }, { schema: ZAssignmentWithMessage }),
  remove: (id: string) => api.delete(`assignment/${id}`, { schema: ZMessageResponse, quiet: true }),
  checkCode: (code: string, signal?: AbortSignal) =>
    api.get(`assignment/check-code/${encodeURIComponent(code)}`, {
      schema: ZCheckCodeResponse,
      signal,
      quiet: true,
    }),
  generate: (flows: string[]) =>
    api.post('assignment/generate-name-description', { flows }, { schema: ZGenerateNameResponse }),
  participants: (id: string, search?: string, signal?: AbortSignal) =>
    api.get(`assignment/${id}/participants`, {
      query: { search },
      schema: ZParticipantsResponse,
      signal,
      quiet: true,
    }),
  removeParticipants: (id: string, participants: string[]) =>
    api.delete(`assignment/${id}/participants`, { body: { participants }, schema: ZMessageResponse }),
  coOwners: (id: string) => api.get(`assignment/${id}/co-owners`, { schema: ZCoOwnersResponse, quiet: true }),
  addCoOwners: (id: string, coOwnerEmails: string[]) =>
    api.post(`assignment/${id}/co-owners`, { coOwnerEmails }, { schema: ZCoOwnersWithMessage }),
  removeCoOwner: (id: string, coOwner: string) =>
    api.delete(`assignment/${id}/co-owners/${coOwner}`, { schema: ZMessageResponse }),
  accessLinks: (id: string) =>
    api.get(`assignment/${id}/access-links`, { schema: ZAccessLinksResponse, quiet: true }),
  createAccessLink: (id: string, orgId: string | null) =>
    api.post(`assignment/${id}/access-link`, { orgId }, { schema: ZAccessLinkCreated }),
  /** One link's credits as they are now (spec 02 §7 "link detail"); quiet: its row says what failed. */
  accessLink: (code: string) =>
    api.get(`assignment/access-link/${encodeURIComponent(code)}`, {
      schema: ZAccessLinkResponse,
      quiet: true,
    }),
  /** Quiet: the top-up dialog shows 'Top-up Failed' with the server's message itself. */
  topUpAccessLink: (code: string, amount: string, deductFrom: TDeductFrom) =>
    api.post(
      `assignment/access-link/${encodeURIComponent(code)}/topup-unit`,
      { amount, deductFrom },
      { schema: ZAccessLinkTopUpResponse, quiet: true },
    ),
  join: (code: string) => api.post('assignment/join', { code }, { schema: ZJoinResponse }),
  userFlows: () => api.get('flows/user', { query: { limit: FLOW_LIST_LIMIT }, schema: ZFlowListResponse }),
  searchFlows: (keyword: string, signal?: AbortSignal) =>
    api.get('flows/search', {
      query: { keyword, limit: FLOW_LIST_LIMIT },
      schema: ZFlowSearchResponse,
      signal,
      quiet: true,
    }),
};
