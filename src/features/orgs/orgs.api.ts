import { api } from '../../shared/api/http';
import {
  type TChangeOrgCodeRequest,
  type TCreateOrgRequest,
  ZChangeOrgCodeResponse,
  ZCreateOrgResponse,
  ZJoinOrgResponse,
  ZOrganizationsResponse,
  ZOrgByCodeResponse,
  ZOrgPublicResponse,
  ZSetDefaultLanguageResponse,
  ZSwitchOrgResponse,
  ZUserDefaultLanguageResponse,
} from '../../shared/contract/orgs';

/** The only IO of organisations, spaces and languages (spec 01 §7). */
export const orgsApi = {
  list: (quiet = false) => api.get('users/organizations', { schema: ZOrganizationsResponse, quiet }),
  switchOrg: (orgId: string, quiet = false) =>
    api.put('users/switch-org', { orgId }, { schema: ZSwitchOrgResponse, quiet }),
  byCode: (orgcode: string) =>
    api.get('organizations/by-org-code', { query: { orgcode }, schema: ZOrgByCodeResponse, quiet: true }),
  byCodePublic: (orgcode: string) =>
    api.get('organizations/by-org-code-public', {
      query: { orgcode },
      schema: ZOrgPublicResponse,
      anonymous: true,
      quiet: true,
    }),
  join: (orgcode: string) => api.post('users/join-org', {}, { query: { orgcode }, schema: ZJoinOrgResponse }),
  create: (body: TCreateOrgRequest) => api.post('organizations', body, { schema: ZCreateOrgResponse }),
  changeCode: (orgId: string, body: TChangeOrgCodeRequest) =>
    api.post(`organizations/${orgId}/org-code`, body, { schema: ZChangeOrgCodeResponse }),
  defaultLanguages: () =>
    api.get('users/user-default-language', { schema: ZUserDefaultLanguageResponse, quiet: true }),
  setDefaultLanguage: (language: string, orgId?: string) =>
    api.put('users/default-language', { language, orgId }, { schema: ZSetDefaultLanguageResponse }),
};
