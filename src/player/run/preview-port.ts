import { ApiError } from '../../shared/api/http';
import type { TPlayerAiRequest } from '../../shared/contract/player';
import type { TAiPiece } from '../../shared/domain/runtime';
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
