import { Fragment, type ReactNode } from 'react';
import './markdown.css';

/**
 * Markdown of model answers and journals as React elements: headings, lists, quotes, code blocks (highlighted),
 * inline code, bold, italic and links. No HTML is ever parsed or injected, so a `<script>` or an
 * `onerror=` in an answer is shown as text: sanitised by construction. Links keep http(s) and mailto only.
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

const safeHref = (href: string) => (/^(https?:|mailto:)/i.test(href) ? href : null);

function inline(text: string, key = 0): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const t = m[0];
    const k = `${key}-${at}`;
    if (m[1]) out.push(<code key={k}>{t.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{inline(t.slice(2, -2), at)}</strong>);
    else if (m[3]) out.push(<em key={k}>{inline(t.slice(1, -1), at)}</em>);
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(t) ?? [];
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

export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.split('\n');
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
      const Tag = `h${Math.min(6, heading[1].length + 2)}` as 'h3';
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
  return <div className="md">{blocks}</div>;
}
