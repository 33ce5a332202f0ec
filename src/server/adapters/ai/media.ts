import type { AiProvider } from './ai';

/**
 * The media side of the AI provider layer: speech, transcription and images, beside chat
 * (ai.ts; vision is chat with image parts). One interface, two implementations: any OpenAI-compatible
 * API (openai-media.ts) and the offline default (offline-media.ts), which never pretends to be a model.
 */

/** A voice a provider offers for text to speech. */
export interface AiVoice {
  id: string;
  name: string;
}

export interface AiSpeechRequest {
  model: string;
  input: string;
  /** A provider voice id; the provider's first voice when absent. */
  voice?: string;
  signal?: AbortSignal;
}

/**
 * Spoken audio, or (offline) the instruction to speak the text with the device's own voices: the
 * phone's Web Speech API really speaks it, and the player says it is the device voice.
 */
export type AiSpeech =
  | { kind: 'audio'; mediaType: string; bytes: Uint8Array }
  | { kind: 'device-voice'; text: string; notice: string };

/** Speech as the provider makes it: its answer's body, passed on as it arrives. */
export interface AiSpeechStream {
  mediaType: string;
  body: ReadableStream<Uint8Array>;
}

export interface AiTranscriptionRequest {
  model: string;
  audio: Uint8Array;
  mediaType: string;
  fileName: string;
  /** A BCP-47 language hint (e.g. 'en'), when the block knows it. */
  language?: string;
  /** Ask for speaker-labelled text (Transcribe Conversation), where the model offers it. */
  speakers?: boolean;
  signal?: AbortSignal;
}

/** The text, and the audio's length when the provider reports it (per-minute pricing). */
export interface AiTranscription {
  text: string;
  seconds: number | null;
  /** Set by the offline provider: this is not a transcript. */
  notice?: string;
}

export interface AiImageRequest {
  model: string;
  prompt: string;
  size?: '1024x1024' | '1024x1536' | '1536x1024';
  signal?: AbortSignal;
}

/** A generated image as bytes, with a notice when it is the offline placeholder. */
export interface AiImage {
  mediaType: string;
  bytes: Uint8Array;
  notice?: string;
}

export interface AiMediaProvider {
  readonly offline: boolean;
  speech(req: AiSpeechRequest): Promise<AiSpeech>;
  /** Speech streamed from the provider (absent offline: the device speaks, nothing streams). */
  speechStream?(req: AiSpeechRequest): Promise<AiSpeechStream>;
  transcribe(req: AiTranscriptionRequest): Promise<AiTranscription>;
  image(req: AiImageRequest): Promise<AiImage>;
  /** The provider's voices; [] offline (the player uses the device's). */
  voices(): Promise<AiVoice[]>;
}

/** The chat provider and its media side, as a host that runs media blocks needs both. */
export interface AiProviders {
  chat: AiProvider;
  media: AiMediaProvider;
}
