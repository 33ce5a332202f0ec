import type { TEnv } from '../../env';
import type { HttpOut } from './http-out';

/**
 * Web search for Web Search blocks. SEARCH_URL names a SearXNG-compatible API (`/search?q=…&format=json`,
 * answering `{ results: [{ title, url, content }] }`); a self-hosted SearXNG needs no account. Without
 * it there is no provider: the adapter says so (kind 'none') and the block reports
 * SEARCH_NOT_CONFIGURED instead of pretending to have searched.
 */
export type TSearchHit = { title: string; url: string; snippet: string };

export type SearchAdapter =
  | { kind: 'none' }
  | { kind: 'searxng'; search(query: string, limit: number): Promise<TSearchHit[]> };

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function createSearchAdapter(env: TEnv, http: HttpOut): SearchAdapter {
  const base = env.SEARCH_URL;
  if (!base) return { kind: 'none' };
  return {
    kind: 'searxng',
    async search(query, limit) {
      const url = new URL(base);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const res = await http.fetch({ url: url.href, accept: ['application/json'] });
      if (res.status >= 400)
        throw Object.assign(new Error('search failed'), { errorCode: `SEARCH_HTTP_${res.status}` });
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body.toString('utf8'));
      } catch {
        throw Object.assign(new Error('search answered no JSON'), { errorCode: 'SEARCH_BAD_ANSWER' });
      }
      const results = (parsed as { results?: unknown }).results;
      if (!Array.isArray(results)) return [];
      return results.slice(0, limit).map((r) => ({
        title: str(r?.title).trim(),
        url: str(r?.url),
        snippet: str(r?.content).trim(),
      }));
    },
  };
}

/** Hits as Markdown a learner can read and an AI block can use: numbered, linked, with the snippet. */
export const hitsAsMarkdown = (hits: TSearchHit[]): string =>
  hits
    .map(
      (h, i) =>
        `${i + 1}. [${h.title.replace(/[[\]]/g, '') || h.url}](${h.url})${h.snippet ? `\n   ${h.snippet}` : ''}`,
    )
    .join('\n');
