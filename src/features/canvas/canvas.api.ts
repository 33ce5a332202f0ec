import { api } from '../../shared/api/http';
import {
  type TCreateFlowRequest,
  type TUpdateFlowRequest,
  ZFlowResponse,
  ZFlowWithMessage,
} from '../../shared/contract/flows';
import { ZModelListResponse } from '../../shared/contract/models';
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
