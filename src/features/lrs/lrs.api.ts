import { api } from '../../shared/api/http';
import { ZCreatedLrsCredential, ZLrsCredentialList, ZLrsRetention } from '../../shared/contract/lrs';

/** The only IO of the learning record store screen. */
export const lrsApi = {
  list: () => api.get('lrs/credentials', { schema: ZLrsCredentialList, quiet: true }),
  create: (name: string) =>
    api.post('lrs/credentials', { name }, { schema: ZCreatedLrsCredential, quiet: true }),
  revoke: (key: string) => api.delete(`lrs/credentials/${key}`, { quiet: true }),
  retention: () => api.get('lrs/retention', { schema: ZLrsRetention, quiet: true }),
  setRetention: (months: number | null) =>
    api.put('lrs/retention', { months }, { schema: ZLrsRetention, quiet: true }),
};
