import { api } from '../../shared/api/http';
import {
  type TCreateFlowRequest,
  type TUpdateFlowRequest,
  ZFlowResponse,
  ZFlowWithMessage,
} from '../../shared/contract/flows';

/**
 * The only IO of the flow editor. Every call is quiet: the editor shows its own save state, conflict
 * dialog and refusal message instead of the generic toasts (401 still signs out globally).
 */
export const canvasApi = {
  get: (id: string) => api.get(`flows/${id}`, { schema: ZFlowResponse, quiet: true }),
  save: (id: string, body: TUpdateFlowRequest) =>
    api.put(`flows/${id}`, body, { schema: ZFlowResponse, quiet: true }),
  create: (body: TCreateFlowRequest) => api.post('flows', body, { schema: ZFlowWithMessage, quiet: true }),
};
