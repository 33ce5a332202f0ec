import type { TYoutubeAnswer } from '../../../shared/domain/runtime';
import { youtubeVideoId } from '../../../shared/domain/youtube';

/**
 * YouTube transcripts through the public captions endpoint (`/api/timedtext`): first the list of a
 * video's caption tracks, then the chosen track as json3 events. No key is needed. Whatever goes
 * wrong says so plainly: not a YouTube link, no network (or YouTube refused), or no transcript.
 * Only the video id from the learner's link reaches the request: the host is fixed.
 */
export interface YoutubeCaptions {
  transcript(url: string, language?: string, signal?: AbortSignal): Promise<TYoutubeAnswer>;
}

const TRANSCRIPT_MAX = 100_000;

interface Json3 {
  events?: { segs?: { utf8?: string }[] }[];
}

const decodeXml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _,
  );

/** Caption tracks listed for a video, as language codes (`<track … lang_code="en" …/>`). */
function trackLanguages(xml: string): string[] {
  return [...xml.matchAll(/<track\b[^>]*\blang_code="([^"]+)"/g)].map((m) => decodeXml(m[1]));
}

export function createYoutubeCaptions(opts: { baseURL?: string; timeoutMs?: number } = {}): YoutubeCaptions {
  const base = (opts.baseURL ?? 'https://www.youtube.com').replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function get(query: string, signal?: AbortSignal): Promise<string | null> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const res = await fetch(`${base}/api/timedtext?${query}`, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch(() => null);
    if (!res?.ok) return null;
    return res.text().catch(() => null);
  }

  return {
    async transcript(url, language, signal) {
      const id = youtubeVideoId(url);
      if (!id) return { notice: 'youtube-not-a-video' };
      const list = await get(`type=list&v=${encodeURIComponent(id)}`, signal);
      if (list === null) return { notice: 'youtube-no-network' };
      const languages = trackLanguages(list);
      const lang =
        languages.find((l) => l === language) ??
        languages.find((l) => language !== undefined && l.startsWith(`${language}-`)) ??
        languages[0];
      if (!lang) return { notice: 'youtube-no-transcript' };
      const raw = await get(`v=${encodeURIComponent(id)}&lang=${encodeURIComponent(lang)}&fmt=json3`, signal);
      if (raw === null) return { notice: 'youtube-no-network' };
      let body: Json3;
      try {
        body = JSON.parse(raw) as Json3;
      } catch {
        return { notice: 'youtube-no-transcript' };
      }
      const text = (body.events ?? [])
        .map((e) => (e.segs ?? []).map((s) => s.utf8 ?? '').join(''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, TRANSCRIPT_MAX);
      return text ? { text, language: lang } : { notice: 'youtube-no-transcript' };
    },
  };
}
