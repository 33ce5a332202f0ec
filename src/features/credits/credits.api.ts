import { api } from '../../shared/api/http';
import {
  LEDGER_PAGE,
  ZBalanceResponse,
  ZGrantListResponse,
  ZGrantResponse,
  ZLedgerResponse,
  ZOrgBalanceResponse,
} from '../../shared/contract/credits';
import { ZCatalogueResponse, ZOrgModelsResponse } from '../../shared/contract/models';

export type TWalletName = 'personal' | 'organization';

/**
 * The only IO of credits. Reads are quiet: the balance button and the pages show their own loading,
 * offline and error states instead of the generic toasts.
 */
export const creditsApi = {
  balance: () => api.get('credits/balance', { schema: ZBalanceResponse, quiet: true }),
  ledger: (wallet: TWalletName, before?: number, limit = LEDGER_PAGE) =>
    api.get('credits/ledger', { query: { wallet, before, limit }, schema: ZLedgerResponse, quiet: true }),
  setMonthlyLimit: (monthlyLimit: string | null) =>
    api.put('credits/monthly-limit', { monthlyLimit }, { schema: ZOrgBalanceResponse }),
  grant: (body: {
    email?: string;
    orgCode?: string;
    amount: string;
    note?: string;
    idempotencyKey: string;
  }) => api.post('credits/grants', body, { schema: ZGrantResponse, quiet: true }),
  grants: () => api.get('credits/grants', { query: { limit: 20 }, schema: ZGrantListResponse, quiet: true }),
  catalogue: () => api.get('models/catalogue', { schema: ZCatalogueResponse, quiet: true }),
  saveModels: (body: { disableModel: Record<string, string[]>; additionalModel: Record<string, string[]> }) =>
    api.put('models/organization', body, { schema: ZOrgModelsResponse }),
};
