/**
 * The slides of a PowerPoint block, read from plain text (an AI answer, a learner's notes, the
 * author's setting). A Markdown heading (`#`, `##`…) or a line of `---` starts a slide; with neither,
 * each paragraph (text between blank lines) is one. A slide's first line is its title, the rest its
 * bullets, list markers (`-`, `*`, `•`, `1.`) dropped since the slide draws its own.
 */
export type TSlide = { title: string; bullets: string[] };

export const SLIDES_MAX = 50;
export const BULLETS_MAX = 20;
const LINE_MAX = 500;

const HEADING = /^\s{0,3}#{1,6}\s+/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;
const MARKER = /^\s*(?:[-*•]|\d{1,3}[.)])\s+/;

const clean = (line: string) =>
  line
    .replace(/\*\*|__/g, '')
    .trim()
    .slice(0, LINE_MAX);

function slideOf(lines: string[]): TSlide | null {
  const kept = lines.map((l) => l.replace(/\s+$/, '')).filter((l) => l.trim());
  if (!kept.length) return null;
  const [first, ...rest] = kept;
  const title = clean(first.replace(HEADING, '').replace(MARKER, ''));
  const bullets = rest.map((l) => clean(l.replace(MARKER, ''))).filter(Boolean);
  return { title, bullets: bullets.slice(0, BULLETS_MAX) };
}

export function slidesFromText(text: string): TSlide[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const structured = lines.some((l) => HEADING.test(l) || RULE.test(l));
  const groups: string[][] = [[]];
  for (const line of lines) {
    const starts = structured ? HEADING.test(line) || RULE.test(line) : !line.trim();
    if (starts) groups.push([]);
    if (!RULE.test(line)) groups[groups.length - 1].push(line);
  }
  return groups
    .map(slideOf)
    .filter((s): s is TSlide => s !== null)
    .slice(0, SLIDES_MAX);
}
