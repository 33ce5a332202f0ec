import { api } from '../../shared/api/http';
import {
  type TPromptTemplateInput,
  ZPromptTemplateDeleted,
  ZPromptTemplateListResponse,
  ZPromptTemplateResponse,
} from '../../shared/contract/prompt-templates';

/**
 * The only IO of prompt templates (spec 03 §3). In ui/ because three features use it: the template
 * screen, the flow editor's prompt blocks and chat.
 */
export const promptTemplatesApi = {
  list: (keyword?: string, signal?: AbortSignal) =>
    api.get('prompt-templates', {
      query: keyword ? { keyword } : {},
      schema: ZPromptTemplateListResponse,
      signal,
      quiet: true,
    }),
  create: (body: TPromptTemplateInput) =>
    api.post('prompt-templates', body, { schema: ZPromptTemplateResponse }),
  update: (id: string, body: TPromptTemplateInput) =>
    api.put(`prompt-templates/${id}`, body, { schema: ZPromptTemplateResponse }),
  remove: (id: string) => api.delete(`prompt-templates/${id}`, { schema: ZPromptTemplateDeleted }),
};
