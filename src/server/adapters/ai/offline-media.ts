import type { AiMediaProvider, AiSpeech, AiTranscription } from './media';
import { OFFLINE_LABEL } from './offline';

export const DEVICE_VOICE_NOTICE = 'No speech model is connected: the device’s own voice reads this text.';
export const OFFLINE_TRANSCRIPT_NOTICE = `[${OFFLINE_LABEL}] No transcription model is connected to this server, so this recording was not transcribed.`;
const PROMPT_SHOWN = 160;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** Splits the prompt into lines of at most `width` characters (whole words), at most `lines` of them. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, width);
  }
  if (line) out.push(line);
  return out.length > lines ? [...out.slice(0, lines - 1), `${out[lines - 1].slice(0, width - 1)}…`] : out;
}

/**
 * A placeholder image that says what it is: a grey card with "Offline demo — no image model" and the
 * prompt it stands for, so nobody mistakes it for a generated picture.
 */
export function placeholderSvg(prompt: string): string {
  const shown = prompt.replace(/\s+/g, ' ').trim().slice(0, PROMPT_SHOWN);
  const lines = wrap(shown, 34, 5)
    .map((l, i) => `<text x="256" y="${250 + i * 30}" font-size="22">${escapeXml(l)}</text>`)
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    '<rect width="512" height="512" fill="#eceff1"/>',
    '<rect x="16" y="16" width="480" height="480" fill="none" stroke="#90a4ae" stroke-width="4" stroke-dasharray="12 8"/>',
    '<g font-family="sans-serif" text-anchor="middle" fill="#37474f">',
    `<text x="256" y="150" font-size="26" font-weight="bold">${escapeXml('Offline demo — no image model')}</text>`,
    `<text x="256" y="195" font-size="18">${escapeXml('A placeholder for:')}</text>`,
    lines,
    '</g></svg>',
  ].join('');
}

/**
 * The media defaults when no AI model is configured (ARCHITECTURE §9): speech is spoken by the
 * device (the player uses the Web Speech API), a transcription says it is none, an image is a
 * placeholder card that says it is one. All free: they are no model.
 */
export function createOfflineMediaProvider(): AiMediaProvider {
  return {
    offline: true,
    async speech(req): Promise<AiSpeech> {
      return { kind: 'device-voice', text: req.input, notice: DEVICE_VOICE_NOTICE };
    },
    async transcribe(): Promise<AiTranscription> {
      return { text: OFFLINE_TRANSCRIPT_NOTICE, seconds: null, notice: OFFLINE_TRANSCRIPT_NOTICE };
    },
    async image(req) {
      return {
        mediaType: 'image/svg+xml',
        bytes: new TextEncoder().encode(placeholderSvg(req.prompt)),
        notice: `[${OFFLINE_LABEL}] No image model is connected: this is a placeholder, not a generated image.`,
      };
    },
    async voices() {
      return [];
    },
  };
}
