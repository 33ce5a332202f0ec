import { api } from '../../shared/api/http';
import { ZCreatedLrsCredential, ZLrsCredentialList } from '../../shared/contract/lrs';

/** The only IO of the learning record store screen. */
export const lrsApi = {
  list: () => api.get('lrs/credentials', { schema: ZLrsCredentialList, quiet: true }),
  create: (name: string) =>
    api.post('lrs/credentials', { name }, { schema: ZCreatedLrsCredential, quiet: true }),
  revoke: (key: string) => api.delete(`lrs/credentials/${key}`, { quiet: true }),
};
