import { z } from 'zod';
import { zText } from './text';

/**
 * The player's media route: POST /api/player/assignment/{id}/flow/{flowId}/media and
 * /api/player/public/{code}/flow/{flowId}/media, one operation per call, charged like the AI route.
 * Audio and images travel as data: URLs (the browser reads the learner's upload with its own rights);
 * generated audio and images come back the same way.
 */

/** Limits: a recording of ~5 min of compressed speech, 8 video frames, the text a speech model takes. */
export const MEDIA_AUDIO_MAX_BYTES = 6 * 1024 * 1024;
export const MEDIA_FRAMES_MAX = 8;
export const MEDIA_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SPEECH_TEXT_MAX = 4096;

const base64Bytes = (url: string) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);

/** A base64 data: URL of one of the media types, at most `maxBytes` decoded. */
const zDataUrl = (kind: 'audio' | 'image', maxBytes: number) =>
  zText()
    .max(Math.ceil((maxBytes * 4) / 3) + 200)
    .regex(
      new RegExp(`^data:${kind}/[a-z0-9.+-]+(;[a-z0-9=.-]+)*;base64,[A-Za-z0-9+/=]+$`),
      `must be a base64 data: URL of an ${kind}`,
    )
    .refine((u) => base64Bytes(u) <= maxBytes, `must be at most ${maxBytes / 1024 / 1024} MB`);

/** An image to look at: a data: URL, or an https address the provider fetches itself. */
const zImageRef = z.union([
  zDataUrl('image', MEDIA_IMAGE_MAX_BYTES),
  zText()
    .max(2000)
    .url()
    .refine((u) => u.startsWith('https://'), 'must be an https: or data: URL'),
]);

const block = {
  nodeId: zText().min(1).max(200),
  nodeType: zText().min(1).max(100),
  model: zText().max(100).optional(),
};

export const ZPlayerMediaRequest = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('speech'),
    ...block,
    text: zText().min(1).max(SPEECH_TEXT_MAX),
    voice: zText().max(50).optional(),
  }),
  z.object({
    op: z.literal('transcribe'),
    ...block,
    audio: zDataUrl('audio', MEDIA_AUDIO_MAX_BYTES),
    language: zText()
      .regex(/^[a-z]{2,3}$/, 'must be a language code such as en')
      .optional(),
    speakers: z.boolean().optional(),
  }),
  z.object({ op: z.literal('image'), ...block, prompt: zText().min(1).max(4000) }),
  z.object({
    op: z.literal('describe'),
    ...block,
    kind: z.enum(['image', 'video']),
    images: z.array(zImageRef).min(1).max(MEDIA_FRAMES_MAX),
    prompt: zText().max(2000).default(''),
  }),
  z.object({ op: z.literal('video'), ...block, prompt: zText().min(1).max(4000) }),
  z.object({
    op: z.literal('youtube'),
    ...block,
    url: zText().min(1).max(2000),
    language: zText()
      .regex(/^[a-z]{2,3}$/, 'must be a language code such as en')
      .optional(),
  }),
]);
export type TPlayerMediaRequest = z.infer<typeof ZPlayerMediaRequest>;

/**
 * POST /api/player/assignment/{id}/flow/{flowId}/speech-stream (and public/{code}/…): Streaming Text to
 * Speech. The answer is the audio itself (audio/mpeg, chunked) as the provider makes it, so it plays
 * before it is all made; offline it is JSON `{ data: { kind: 'device-voice', text, notice } }`.
 */
export const ZPlayerSpeechStreamRequest = z.object({
  nodeId: block.nodeId,
  nodeType: z.literal('textToSpeechStreamingNode', { message: 'must be textToSpeechStreamingNode' }),
  model: block.model,
  text: zText().min(1).max(SPEECH_TEXT_MAX),
  voice: zText().max(50).optional(),
});
export type TPlayerSpeechStreamRequest = z.infer<typeof ZPlayerSpeechStreamRequest>;

/** GET /api/voices (spec 03 §7): the provider's voices; `device` when the player speaks with the device's own. */
export const ZVoicesQuery = z.object({
  nodeType: z.enum(['textToSpeechNode', 'textToSpeechStreamingNode']).optional(),
});
export const ZVoicesResponse = z.object({
  data: z.array(z.object({ id: zText(), name: zText() })),
  /** True offline: no speech model, the player uses the device's voices (Web Speech API). */
  device: z.boolean(),
});
export type TVoicesResponse = z.infer<typeof ZVoicesResponse>;
