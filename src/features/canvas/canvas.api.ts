import { api, apiUrl, authHeaders } from '../../shared/api/http';
import {
  type TCreateFlowRequest,
  type TUpdateFlowRequest,
  ZFlowResponse,
  ZFlowWithMessage,
} from '../../shared/contract/flows';
import { ZModelListResponse } from '../../shared/contract/models';
import { type TContentPackage, ZContentPackageAnswer } from '../../shared/contract/packages';
import { ZVoicesResponse } from '../../shared/contract/player-media';

/**
 * The only IO of the flow editor. Every call is quiet: the editor shows its own save state, conflict
 * dialog and refusal message instead of the generic toasts (401 still signs out globally).
 */
export const canvasApi = {
  get: (id: string) => api.get(`flows/${id}`, { schema: ZFlowResponse, quiet: true }),
  save: (id: string, body: TUpdateFlowRequest) =>
    api.put(`flows/${id}`, body, { schema: ZFlowResponse, quiet: true }),
  create: (body: TCreateFlowRequest) => api.post('flows', body, { schema: ZFlowWithMessage, quiet: true }),
  /** The models a block type offers in this space (spec 03 §9), with the organisation's settings. */
  models: (nodeType: string) =>
    api.get('models', { query: { nodeType }, schema: ZModelListResponse, quiet: true }),
  /** The provider's speech voices (spec 03 §7 GET voices); `device` when the learner's device speaks. */
  voices: () => api.get('voices', { schema: ZVoicesResponse, quiet: true }),
};

/** H5P and xAPI/cmi5 packages (issue 33): POST /api/h5p or /api/xapi/upload (field `file`), in the current space. */
export async function uploadPackage(kind: 'h5p' | 'xapi', file: File): Promise<TContentPackage> {
  const form = new FormData();
  form.set('file', file);
  const res = await fetch(apiUrl(kind === 'h5p' ? 'h5p' : 'xapi/upload'), {
    method: 'POST',
    headers: await authHeaders(),
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { data?: unknown; message?: string };
  if (!res.ok) throw new Error(body.message || `Upload failed ${res.status}`);
  return ZContentPackageAnswer.parse(body).data;
}

export const fetchPackage = async (kind: 'h5p' | 'xapi', id: string): Promise<TContentPackage> =>
  ZContentPackageAnswer.parse(
    await api.get(kind === 'h5p' ? `h5p/${id}` : `xapi/packages/${id}`, { quiet: true }),
  ).data;
