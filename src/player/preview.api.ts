import { ApiError, api } from '../shared/api/http';
import type { TPlayerAiLine, TPlayerAiRequest, TPlayerFlow } from '../shared/contract/player';
import type { TPlayerBlockRequest, TPlayerBlockResult } from '../shared/contract/player-blocks';
import type { TPlayerMediaRequest } from '../shared/contract/player-media';
import { ndjsonLines } from './ndjson';
import { getAccessToken } from './session';

/**
 * The author's preview and the block demos (src/shared/contract/player-preview.ts). A preview is the
 * signed-in author's own: its AI calls carry their token and are paid by the flow's space.
 */
export const previewApi = {
  flow: (id: string) =>
    api.get(`player/preview/flow/${id}`, { quiet: true }) as Promise<{ data: TPlayerFlow }>,
  demo: (type: string) =>
    api.get(`player/demo/${encodeURIComponent(type)}`, { quiet: true, anonymous: true }) as Promise<{
      data: TPlayerFlow;
    }>,

  /** A media block's call in a preview (speech, transcription, image, vision…): one JSON answer. */
  media: (flowId: string, body: TPlayerMediaRequest) =>
    api.post(`player/preview/flow/${flowId}/media`, body, { quiet: true }) as Promise<{ data: unknown }>,

  /** A block the server runs in a preview (API Call, Web Search, Web Crawler). */
  block: (flowId: string, req: TPlayerBlockRequest) =>
    api.post(`player/preview/flow/${flowId}/block`, req, { quiet: true }) as Promise<{
      data: TPlayerBlockResult;
    }>,

  /** Streams a preview's AI answer (NDJSON); a refusal before the stream is an ApiError. */
  async *ai(flowId: string, req: TPlayerAiRequest, signal?: AbortSignal): AsyncGenerator<TPlayerAiLine> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = await getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`/api/player/preview/flow/${flowId}/ai`, {
      method: 'POST',
      headers,
      body: JSON.stringify(req),
      signal,
    });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => ({}));
      throw new ApiError(
        'http',
        body.message ?? `Stream request failed ${res.status}`,
        res.status,
        body.errorCode,
      );
    }
    yield* ndjsonLines<TPlayerAiLine>(res.body);
  },
};
