import type { ReactNode } from 'react';

/**
 * Markdown from authors and models, rendered as React elements only: no HTML string ever reaches
 * the page, so nothing needs sanitising (links and images accept http(s) and same-site paths only).
 * Headings, paragraphs, lists, **bold**, *italic*, `code`, [links](…) and ![images](…).
 */
const safeUrl = (url: string): string | null =>
  /^(https?:\/\/|\/(?!\/))/i.test(url.trim()) ? url.trim() : null;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(!?\[([^\]]*)\]\(([^)\s]+)\))|(\*\*([^*]+)\*\*)|(\*([^*]+)\*)|(`([^`]+)`)/g;
  let last = 0;
  let m: RegExpExecArray | null = re.exec(text);
  let i = 0;
  while (m) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    if (m[1]) {
      const url = safeUrl(m[3]);
      if (!url) out.push(m[2]);
      else if (m[1].startsWith('!')) out.push(<img key={k} src={url} alt={m[2]} className="pl-md-img" />);
      else
        out.push(
          <a key={k} href={url} target="_blank" rel="noopener noreferrer">
            {m[2]}
          </a>,
        );
    } else if (m[4]) out.push(<strong key={k}>{m[5]}</strong>);
    else if (m[6]) out.push(<em key={k}>{m[7]}</em>);
    else if (m[8]) out.push(<code key={k}>{m[9]}</code>);
    last = m.index + m[0].length;
    m = re.exec(text);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    const k = `b${blocks.length}`;
    if (para.length) blocks.push(<p key={k}>{inline(para.join(' '), k)}</p>);
    para = [];
    if (list) {
      // biome-ignore lint/suspicious/noArrayIndexKey: list items are rendered once, in order
      const items = list.items.map((it, i) => <li key={`${k}-${i}`}>{inline(it, `${k}-${i}`)}</li>);
      blocks.push(list.ordered ? <ol key={`${k}l`}>{items}</ol> : <ul key={`${k}l`}>{items}</ul>);
    }
    list = null;
  };
  for (const line of lines) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(heading[1].length + 1, 6);
      const H = `h${level}` as 'h2';
      blocks.push(<H key={`h${blocks.length}`}>{inline(heading[2], `h${blocks.length}`)}</H>);
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (para.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (!line.trim()) flush();
    else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return <div className="pl-md">{blocks}</div>;
}
