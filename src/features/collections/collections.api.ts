import { z } from 'zod';
import { api } from '../../shared/api/http';
import {
  MEMBER_LIST_LIMIT,
  type TCreateCollectionRequest,
  type TInviteRequest,
  type TUpdateCollectionRequest,
  ZCollectionListResponse,
  ZCollectionMessage,
  ZCollectionResponse,
  ZCollectionWithMessage,
  ZMember,
} from '../../shared/contract/collections';
import {
  FLOW_LIST_LIMIT,
  type TMoveFlowsRequest,
  ZFlowListResponse,
  ZFlowResponse,
  ZFlowsWithMessage,
  ZFlowWithMessage,
  ZImportResponse,
} from '../../shared/contract/flows';
import { ZOrganizationsResponse } from '../../shared/contract/orgs';
import type { TFlowSort } from '../../shared/domain/flow-sort';

// Older servers send roles such as 'project-coordinator' and empty names: accept them and let the
// screen apply the display rules of spec 03 §3 rather than reject the whole list.
const ZMemberSeen = ZMember.extend({
  role: z.string(),
  fullname: z.string().nullish(),
  email: z.string().nullish(),
  pending: z.boolean().default(false),
});
export type TMemberSeen = z.infer<typeof ZMemberSeen>;
const ZOwnerAnswer = z.object({ data: ZMemberSeen });
const ZMembersAnswer = z.object({ data: z.array(ZMemberSeen) });
const ZInviteAnswer = z.object({ data: ZMemberSeen, message: z.string() });

/** The removal of a member gives up after this long (spec 03 §9). */
export const MEMBER_REMOVAL_TIMEOUT_MS = 3000;

/** The only IO of collections, their members and the library's flow files (spec 01 §7, spec 03 §7). */
export const collectionsApi = {
  // Lists and the open collection are quiet: their screens show their own failed / not-found state.
  list: (keyword?: string, signal?: AbortSignal) =>
    api.get('projects', { query: { keyword }, schema: ZCollectionListResponse, signal, quiet: true }),
  get: (id: string) => api.get(`projects/${id}`, { schema: ZCollectionResponse, quiet: true }),
  create: (body: TCreateCollectionRequest) =>
    api.post('projects', body, { schema: ZCollectionWithMessage, quiet: true }),
  update: (id: string, body: TUpdateCollectionRequest) =>
    api.put(`projects/${id}`, body, { schema: ZCollectionWithMessage }),
  remove: (id: string) => api.delete(`projects/${id}`, { schema: ZCollectionMessage }),
  copyToOrg: (id: string, orgId: string) =>
    api.post(`projects/${id}/copy-to-org`, { orgId }, { schema: ZCollectionWithMessage }),
  /** The user's spaces, for "Copy to organisation". */
  organizations: () => api.get('users/organizations', { schema: ZOrganizationsResponse }),

  owner: (id: string) =>
    api.get(`projects/${id}/owner`, {
      query: { limit: MEMBER_LIST_LIMIT },
      schema: ZOwnerAnswer,
      quiet: true,
    }),
  admins: (id: string) =>
    api.get(`projects/${id}/admins`, {
      query: { limit: MEMBER_LIST_LIMIT },
      schema: ZMembersAnswer,
      quiet: true,
    }),
  collaborators: (id: string) =>
    api.get(`projects/${id}/collaborators`, {
      query: { limit: MEMBER_LIST_LIMIT },
      schema: ZMembersAnswer,
      quiet: true,
    }),
  invite: (id: string, body: TInviteRequest) =>
    api.post(`projects/${id}/invite`, body, { schema: ZInviteAnswer, quiet: true }),
  removeMember: (id: string, role: 'admin' | 'collaborator', userId: string, signal: AbortSignal) =>
    api.delete(`projects/${id}/${role === 'admin' ? 'admins' : 'collaborators'}/${userId}`, {
      schema: ZCollectionMessage,
      signal,
    }),
};

/** Flow files as the library lists and manages them. */
export const flowFilesApi = {
  ofProject: (projectId: string, sortBy: TFlowSort, keyword?: string, signal?: AbortSignal) =>
    api.get(`projects/${projectId}/flows`, {
      query: { sortBy, keyword },
      schema: ZFlowListResponse,
      signal,
      quiet: true,
    }),
  ofUser: (signal?: AbortSignal) =>
    api.get('flows/user', {
      query: { limit: FLOW_LIST_LIMIT },
      schema: ZFlowListResponse,
      signal,
      quiet: true,
    }),
  create: (projectId: string | null) =>
    api.post('flows', { name: 'Untitled', projectId }, { schema: ZFlowWithMessage }),
  /** quiet: a stale revision (409) is resolved by the caller. */
  rename: (id: string, name: string, revision: number) =>
    api.put(`flows/${id}`, { name, revision }, { schema: ZFlowResponse, quiet: true }),
  remove: (id: string) => api.delete(`flows/${id}`),
  duplicate: (id: string) => api.post(`flows/${id}/duplicate`, {}, { schema: ZFlowWithMessage }),
  move: (body: TMoveFlowsRequest) => api.post('flows/move-to-project', body, { schema: ZFlowsWithMessage }),
  copy: (body: TMoveFlowsRequest) => api.post('flows/copy-to-project', body, { schema: ZFlowsWithMessage }),
  exportFile: (id: string) => api.get(`flows/${id}/export`, { responseType: 'blob' }) as Promise<Blob>,
  /** quiet: the screen names what is wrong with the file itself. */
  importFile: (file: Blob, projectId: string | null) =>
    api.post('server-flow/import', undefined, {
      binary: file,
      query: { projectId: projectId ?? undefined },
      schema: ZImportResponse,
      quiet: true,
    }),
};
