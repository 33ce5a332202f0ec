/**
 * The YouTube rule of spec 02 §9: only `youtu.be/{id}` links and YouTube links with a `v=` query
 * parameter become an embed; every other address yields an empty embed (''). Used by the flow
 * runtime's online video player and by the markdown renderer's YouTube blocks, so both agree.
 */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS: ReadonlySet<string> = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);

function parse(url: string): URL | undefined {
  try {
    return new URL(url.trim());
  } catch {
    return undefined;
  }
}

/** The 11-character video id of an accepted link, or undefined. */
export function youtubeVideoId(url: string): string | undefined {
  const u = parse(url);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return undefined;
  const host = u.hostname.toLowerCase();
  const id =
    host === 'youtu.be' ? u.pathname.slice(1) : WATCH_HOSTS.has(host) ? u.searchParams.get('v') : null;
  return id && VIDEO_ID.test(id) ? id : undefined;
}

/** `https://www.youtube-nocookie.com/embed/{id}` for an accepted link, otherwise '' (the empty embed). */
export function youtubeEmbedUrl(url: string): string {
  const id = youtubeVideoId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : '';
}
