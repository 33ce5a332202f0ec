import { api } from '../../shared/api/http';
import {
  type TApiKeyListQuery,
  ZApiKeyActivity,
  ZApiKeyCreated,
  ZApiKeyListResponse,
  ZApiKeyRefundResponse,
  ZApiKeyResponse,
} from '../../shared/contract/api-keys';
import type { TDeductFrom } from '../../shared/contract/credits';

/** The only IO of the API key screens (spec 03 §7). */
export const apiKeysApi = {
  list: (q: TApiKeyListQuery, signal?: AbortSignal) =>
    api.get('api-keys', { query: q, schema: ZApiKeyListResponse, signal, quiet: true }),
  create: (name: string) => api.post('api-keys', { name }, { schema: ZApiKeyCreated }),
  rename: (id: string, name: string) => api.put(`api-keys/${id}`, { name }, { schema: ZApiKeyResponse }),
  /** Quiet: the top-up dialog shows 'Top-up Failed' itself. */
  topUp: (id: string, amount: string, deductFrom: TDeductFrom) =>
    api.post(`api-keys/topup/${id}`, { amount, deductFrom }, { schema: ZApiKeyResponse, quiet: true }),
  refund: (id: string) => api.delete(`api-keys/${id}/refund`, { schema: ZApiKeyRefundResponse }),
  activity: (id: string, days = 30) =>
    api.get(`api-keys/${id}/activity`, { query: { days }, schema: ZApiKeyActivity, quiet: true }),
};
