import { STOP_WORDS } from './stop-words';

/**
 * Cuts a document's text into passages for retrieval. A passage never spans two pages, so a citation
 * can name its page; it ends at a paragraph or sentence where it can, and the next one repeats the
 * last sentence(s) of up to `overlap` characters, so an answer split across a boundary is still
 * found whole in one passage. Pure: the server chunks uploads with it, tests check it directly.
 */

export type TDocumentPage = { text: string; page: number | null };
export type TChunk = { position: number; page: number | null; text: string };
export type TChunkOptions = { maxChars?: number; overlap?: number };

export const CHUNK_MAX_CHARS = 1200;
export const CHUNK_OVERLAP = 200;

/** Spaces and tabs collapsed, lines trimmed, three or more line breaks kept as one paragraph break. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v \u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Sentence ends of the five languages: Latin and Thai use spaces after . ! ?, Chinese 。！？ none.
const SENTENCE_END = /(?<=[.!?;:])\s+|(?<=[。！？；])/u;

/** Pieces no longer than max: paragraphs, else sentences, else cuts at a space (or anywhere). */
function pieces(text: string, max: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const p = paragraph.replace(/\s*\n\s*/g, ' ').trim();
    if (!p) continue;
    if (p.length <= max) {
      out.push(p);
      continue;
    }
    for (const sentence of p.split(SENTENCE_END)) {
      let s = sentence.trim();
      while (s.length > max) {
        const space = s.lastIndexOf(' ', max);
        const cut = space > max / 2 ? space : max;
        out.push(s.slice(0, cut).trim());
        s = s.slice(cut).trim();
      }
      if (s) out.push(s);
    }
  }
  return out;
}

/** The trailing pieces of a passage that fit in `overlap` characters (what the next one repeats). */
function tail(parts: string[], overlap: number): string[] {
  const kept: string[] = [];
  let size = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    size += parts[i].length + 1;
    if (size > overlap) break;
    kept.unshift(parts[i]);
  }
  return kept;
}

export function chunkPages(pages: TDocumentPage[], options: TChunkOptions = {}): TChunk[] {
  const max = Math.max(100, options.maxChars ?? CHUNK_MAX_CHARS);
  const overlap = Math.max(0, Math.min(options.overlap ?? CHUNK_OVERLAP, Math.floor(max / 2)));
  const chunks: TChunk[] = [];
  for (const { text, page } of pages) {
    let current: string[] = [];
    let length = 0;
    let fresh = 0;
    const flush = () => {
      if (fresh === 0) return;
      chunks.push({ position: chunks.length, page, text: current.join(' ') });
      current = tail(current, overlap);
      length = current.reduce((n, p) => n + p.length + 1, 0);
      fresh = 0;
    };
    for (const piece of pieces(normaliseText(text), max)) {
      if (length + piece.length > max) flush();
      // The overlap plus this piece may still not fit: then the piece starts clean.
      if (length + piece.length > max) {
        current = [];
        length = 0;
      }
      current.push(piece);
      length += piece.length + 1;
      fresh++;
    }
    flush();
  }
  return chunks;
}

/**
 * The words of a search, for an OR full-text query: letters and digits only, at most 32, no repeats,
 * without the stop words every passage has (unless the question is nothing but those).
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const all = [...new Set(words.filter((w) => w.length > 1 || /\p{Script=Han}/u.test(w)))];
  const telling = all.filter((w) => !STOP_WORDS.has(w));
  return (telling.length ? telling : all).slice(0, 32);
}
