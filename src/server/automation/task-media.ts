import { MEDIA_AUDIO_MAX_BYTES } from '../../shared/contract/player-media';
import { parseCredits } from '../../shared/domain/decimal';
import type { TMediaPort } from '../../shared/domain/runtime';
import { youtubeVideoId } from '../../shared/domain/youtube';
import type { CreditsService, TWalletOwner } from '../credits/credits.service';
import { createMediaCalls, fromDataUrl } from '../credits/media-calls';
import type { AppDeps } from '../http/context';
import { AppError } from '../http/errors';

/** A media value a task cannot use: the server fetches no address a caller names (no SSRF path). */
const unsupported = (what: string) =>
  new AppError('MEDIA_URL_UNSUPPORTED', 400, `${what}: a task takes media as data: URLs in its input`);

function audioOf(url: string) {
  if (!/^data:audio\/[a-z0-9.+-]+(;[a-z0-9=.-]+)*;base64,/.test(url)) throw unsupported('audio');
  const audio = fromDataUrl(url);
  if (audio.bytes.byteLength > MEDIA_AUDIO_MAX_BYTES) throw unsupported('audio');
  return audio;
}

/**
 * The media port of a task run (automation): the same paid calls as the player's media route, paid
 * from the API key's wallet, each with its own idempotency key. Media come in the task's input as
 * data: URLs; a video is described from YouTube's own frames (its thumbnails), the only frames a
 * server can get without decoding video.
 */
export function keyPaidMedia(
  deps: AppDeps,
  credits: CreditsService,
  run: { payer: TWalletOwner; runId: string; reference: string; signal?: AbortSignal },
): TMediaPort & { charged(): bigint } {
  const calls = createMediaCalls(deps, credits);
  let n = 0;
  let charged = 0n;
  const ctx = () => ({
    payer: run.payer,
    reference: run.reference,
    idempotencyKey: `task-run:${run.runId}:media:${n++}`,
    signal: run.signal,
  });
  const count = <T extends { credits?: string }>(answer: T): T => {
    if (answer.credits) charged += parseCredits(answer.credits);
    return answer;
  };
  return {
    charged: () => charged,
    speech: async (req) => count(await calls.speech(ctx(), req)),
    transcribe: async ({ audioUrl, ...req }) =>
      count(await calls.transcribe(ctx(), { ...req, audio: audioOf(audioUrl) })),
    image: async (req) => count(await calls.image(ctx(), req)),
    async describe({ url, ...req }) {
      let images: string[];
      if (req.kind === 'video') {
        const id = youtubeVideoId(url);
        if (!id) throw unsupported('video');
        images = [1, 2, 3].map((i) => `https://i.ytimg.com/vi/${id}/${i}.jpg`);
      } else if (url.startsWith('data:image/') || url.startsWith('https://')) images = [url];
      else throw unsupported('image');
      return count(await calls.describe(ctx(), { ...req, images }));
    },
    video: () => calls.video(),
    youtubeTranscript: (req) => calls.youtube(req, run.signal),
  };
}
