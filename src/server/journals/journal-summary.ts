import { JOURNAL_PARAGRAPH_MAX } from '../../shared/contract/reports';

/**
 * What a report cell shows of a journal's markdown (spec 02 §2 Journal Reports): its first image as
 * the thumbnail, else its first paragraph as plain text.
 */
export function summarise(markdown: string): { thumbnail: string | null; paragraph: string } {
  const image =
    /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/.exec(markdown) ??
    /<img[^>]+src="([^"]+)"/i.exec(markdown);
  const block = markdown
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
        .replace(/[*_`~]+/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .find((b) => b.length > 0);
  const paragraph = block ?? '';
  return {
    thumbnail: image ? image[1] : null,
    paragraph:
      paragraph.length > JOURNAL_PARAGRAPH_MAX
        ? `${paragraph.slice(0, JOURNAL_PARAGRAPH_MAX - 1)}…`
        : paragraph,
  };
}
