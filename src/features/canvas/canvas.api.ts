import { api, apiUrl, authHeaders } from '../../shared/api/http';
import {
  type TCreateFlowRequest,
  type TUpdateFlowRequest,
  ZFlowResponse,
  ZFlowWithMessage,
  ZImportResponse,
} from '../../shared/contract/flows';
import {
  type TKnowledgeUploadAnswer,
  ZKnowledgeBankList,
  ZKnowledgeUploadAnswer,
} from '../../shared/contract/knowledge';
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
  /** Replaces the flow's blocks and links with a .flow file's, only if the server still has `revision`. */
  importInto: (id: string, file: Blob, revision: number) =>
    api.post(`flows/${id}/import`, undefined, {
      binary: file,
      headers: { 'If-Match': String(revision) },
      schema: ZImportResponse,
      quiet: true,
    }),
  /** The models a block type offers in this space (spec 03 §9), with the organisation's settings. */
  models: (nodeType: string) =>
    api.get('models', { query: { nodeType }, schema: ZModelListResponse, quiet: true }),
  /** The provider's speech voices (spec 03 §7 GET voices); `device` when the learner's device speaks. */
  voices: () => api.get('voices', { schema: ZVoicesResponse, quiet: true }),
  /** The space's knowledge banks (spec 03 §7 GET knowledge-bank). */
  knowledgeBanks: () => api.get('knowledge-bank', { schema: ZKnowledgeBankList, quiet: true }),
};

/** Why a knowledge upload failed: the HTTP status (0: no answer) and the server's message. */
export class KnowledgeUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POST /api/knowledge-bot/upload (field `file`; `bankId` adds to that bank, else a new bank named
 * after the file), reporting progress 0..1. XHR: fetch has no upload progress.
 */
export async function uploadKnowledge(
  file: File,
  bankId: string | undefined,
  onProgress: (p: number) => void,
): Promise<TKnowledgeUploadAnswer> {
  const headers = await authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('knowledge-bot/upload'));
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText || 'null');
      } catch {
        // An HTML error page from a proxy: the status says enough.
      }
      const parsed = ZKnowledgeUploadAnswer.safeParse(body);
      if (xhr.status < 300 && parsed.success) resolve(parsed.data);
      else {
        const message = (body as { message?: unknown } | null)?.message;
        reject(new KnowledgeUploadError(xhr.status, typeof message === 'string' ? message : ''));
      }
    };
    xhr.onerror = () => reject(new KnowledgeUploadError(0, ''));
    const form = new FormData();
    form.set('file', file);
    if (bankId) form.set('bankId', bankId);
    xhr.send(form);
  });
}

/** H5P and xAPI/cmi5 packages: POST /api/h5p or /api/xapi/upload (field `file`), in the current space. */
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
