import { Fragment, type ReactNode } from 'react';
import './markdown.css';

/**
 * The one Markdown renderer (chat answers, journals in reports, the learner player's content): React
 * elements only, headings, lists, quotes, code blocks (highlighted), inline code, bold, italic, links
 * and images. No HTML is ever parsed or injected, so a `<script>` or an `onerror=` is shown as text:
 * sanitised by construction. Links keep http(s), mailto and same-site paths; images http(s) and
 * same-site paths. Light on purpose: it is part of the player's entry.
 */
const KEYWORDS =
  /\b(const|let|var|function|return|if|else|for|while|class|import|from|export|def|async|await|new|true|false|null|None|True|False)\b/;
const TOKEN = new RegExp(
  `(\\/\\/[^\\n]*|#[^\\n]*|"(?:\\\\.|[^"\\\\])*"|'(?:\\\\.|[^'\\\\])*'|\\b\\d+(?:\\.\\d+)?\\b|${KEYWORDS.source})`,
  'g',
);

function highlight(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of code.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(code.slice(last, at));
    const t = m[0];
    const kind = /^(\/\/|#)/.test(t)
      ? 'comment'
      : /^["']/.test(t)
        ? 'string'
        : /^\d/.test(t)
          ? 'number'
          : 'keyword';
    out.push(
      <span key={at} className={`md-tok md-tok--${kind}`}>
        {t}
      </span>,
    );
    last = at + t.length;
  }
  if (last < code.length) out.push(code.slice(last));
  return out;
}

const SAME_SITE = /^\/(?!\/)/;
const safeHref = (href: string) => (/^(https?:|mailto:)/i.test(href) || SAME_SITE.test(href) ? href : null);
const safeSrc = (src: string) => (/^https?:\/\//i.test(src) || SAME_SITE.test(src) ? src : null);

/**
 * `_emphasis_` only at word boundaries, as CommonMark says: an underscore between two letters or digits
 * is literal, so `AI_BASE_URL` or `snake_case_name` stay as typed. The closing `_` is the first one
 * that is not followed by a letter or digit, so `_a_b_` is one emphasis over `a_b`.
 */
const UNDERSCORE_EM = '(?<![\\p{L}\\p{N}_])_[^\\s_](?:[^\\n]*?[^\\s_])?_(?![\\p{L}\\p{N}_])';

/** Inline code, strong, emphasis, image or link (matchAll copies it, so one shared instance is safe). */
const INLINE = new RegExp(
  `(\`[^\`]+\`)|(\\*\\*[^*]+\\*\\*)|(\\*[^*\\s][^*]*\\*|${UNDERSCORE_EM})|(!?\\[[^\\]]*\\]\\([^)\\s]+\\))`,
  'gu',
);

function inline(text: string, key = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const t = m[0];
    const k = `${key}-${at}`;
    if (m[1]) out.push(<code key={k}>{t.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{inline(t.slice(2, -2), at)}</strong>);
    else if (m[3]) out.push(<em key={k}>{inline(t.slice(1, -1), at)}</em>);
    else if (t.startsWith('!')) {
      const [, alt, src] = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(t) ?? [];
      const url = safeSrc(src ?? '');
      out.push(url ? <img key={k} src={url} alt={alt} className="md-img" /> : alt);
    } else {
      const [, label, href] = /^\[([^\]]*)\]\(([^)\s]+)\)$/.exec(t) ?? [];
      const url = safeHref(href ?? '');
      out.push(
        url ? (
          <a key={k} href={url} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        ) : (
          label
        ),
      );
    }
    last = at + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** `top` is the heading level a `#` gets (3 inside the app's pages, 2 in the player's flow). */
export function Markdown({ text, top = 3, className }: { text: string; top?: number; className?: string }) {
  const blocks: ReactNode[] = [];
  const lines = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      i++;
      blocks.push(
        <pre key={i} className="md-code" data-lang={fence[1] || undefined}>
          <code>{highlight(code.join('\n'))}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const Tag = `h${Math.min(6, heading[1].length + top - 1)}` as 'h3';
      blocks.push(<Tag key={i}>{inline(heading[2], i)}</Tag>);
      i++;
      continue;
    }
    if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: ReactNode[] = [];
      for (; i < lines.length && /^\s*([-*+]|\d+\.)\s+/.test(lines[i]); i++) {
        items.push(<li key={i}>{inline(lines[i].replace(/^\s*([-*+]|\d+\.)\s+/, ''), i)}</li>);
      }
      blocks.push(ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>);
      continue;
    }
    if (line.startsWith('>')) {
      blocks.push(<blockquote key={i}>{inline(line.replace(/^>\s?/, ''), i)}</blockquote>);
      i++;
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const para: string[] = [];
    for (
      ;
      i < lines.length && lines[i].trim() && !/^(```|#{1,6}\s|>|\s*([-*+]|\d+\.)\s)/.test(lines[i]);
      i++
    ) {
      para.push(lines[i]);
    }
    blocks.push(
      <p key={i}>
        {para.map((p, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a paragraph never move
          <Fragment key={n}>
            {n > 0 && <br />}
            {inline(p, i * 1000 + n)}
          </Fragment>
        ))}
      </p>,
    );
  }
  return <div className={className ? `md ${className}` : 'md'}>{blocks}</div>;
}
