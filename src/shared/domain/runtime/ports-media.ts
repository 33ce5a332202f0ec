/**
 * The media port: speech, transcription, images, vision, video and YouTube transcripts.
 * The player implements it through the server's paid media route; automation tasks through the
 * provider adapters. Each call names its block (credits are booked per block) and may answer a
 * notice code instead of pretending: the offline demo, the device's voice, no video model.
 */

/** Why a media answer is not a model's work; the player shows `runtime.media.<notice>`. */
export const MEDIA_NOTICES = [
  'device-voice',
  'offline-transcript',
  'offline-image',
  'offline-describe',
  'no-video-model',
  'youtube-not-a-video',
  'youtube-no-network',
  'youtube-no-transcript',
] as const;
export type TMediaNotice = (typeof MEDIA_NOTICES)[number];

type TBlock = { nodeId: string; nodeType: string; model?: string };

/** Spoken audio at a URL, or (no speech model) the text for the device's own voice to speak. */
export type TSpeechAnswer =
  | { kind: 'audio'; url: string; credits?: string }
  | { kind: 'device-voice'; text: string; notice: 'device-voice' };

export type TTranscriptAnswer = { text: string; notice?: 'offline-transcript'; credits?: string };
export type TImageAnswer = { url: string; notice?: 'offline-image'; credits?: string };
export type TDescribeAnswer = { text: string; notice?: 'offline-describe'; credits?: string };
export type TVideoAnswer = { url: string; credits?: string } | { notice: 'no-video-model' };
export type TYoutubeAnswer =
  | { text: string; language?: string }
  | { notice: 'youtube-not-a-video' | 'youtube-no-network' | 'youtube-no-transcript' };

export interface TMediaPort {
  speech(req: TBlock & { text: string; voice?: string }): Promise<TSpeechAnswer>;
  /** `speakers`: label who speaks (Transcribe Conversation). */
  transcribe(
    req: TBlock & { audioUrl: string; speakers?: boolean; language?: string },
  ): Promise<TTranscriptAnswer>;
  image(req: TBlock & { prompt: string }): Promise<TImageAnswer>;
  /** Vision: an image, or a video (sampled into frames by the host). */
  describe(req: TBlock & { kind: 'image' | 'video'; url: string; prompt: string }): Promise<TDescribeAnswer>;
  video(req: TBlock & { prompt: string }): Promise<TVideoAnswer>;
  youtubeTranscript(req: TBlock & { url: string; language?: string }): Promise<TYoutubeAnswer>;
}
