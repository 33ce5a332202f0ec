import { ApiError } from '../../shared/api/http';
import type { TPlayerAiRequest } from '../../shared/contract/player';
import type { TPlayerBlockRequest } from '../../shared/contract/player-blocks';
import {
  isServerBlockType,
  type TAiPiece,
  type TServerBlockRequest,
  type TServerBlockResult,
} from '../../shared/domain/runtime';
import { previewApi } from '../preview.api';
import { mediaPortVia } from './media-port';

/** An error the runtime reports with the port's errorCode (e.g. ORG_UNIT_BALANCE_INSUFFICIENT). */
class PreviewPortError extends Error {
  constructor(
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
  }
}

/** The AI port of an author's preview: the same blocks as a learner's run, paid by the flow's space. */
export function previewAiPort(flowId: string) {
  return {
    async *stream(req: TPlayerAiRequest): AsyncIterable<TAiPiece> {
      try {
        for await (const line of previewApi.ai(flowId, req)) {
          if (line.type === 'error') throw new PreviewPortError(line.message, line.errorCode);
          yield line;
        }
      } catch (error) {
        if (error instanceof ApiError)
          throw new PreviewPortError(error.message, error.errorCode ?? error.kind);
        throw error;
      }
    },
  };
}

/** The media port of an author's preview: speech, images, transcription… paid like its AI blocks. */
export const previewMediaPort = (flowId: string) => mediaPortVia((body) => previewApi.media(flowId, body));

/** The server blocks of an author's preview (API Call, Web Search, Web Crawler), as a learner's run has them. */
export const previewServerBlocks = (flowId: string) => ({
  run: async (req: TServerBlockRequest): Promise<TServerBlockResult> => {
    const { nodeType } = req;
    if (!isServerBlockType(nodeType))
      return { ok: false, errorCode: 'NOT_A_SERVER_BLOCK', configured: false };
    const sent = { ...req, nodeType, inputs: req.inputs as TPlayerBlockRequest['inputs'] };
    return (await previewApi.block(flowId, sent)).data as TServerBlockResult;
  },
});
