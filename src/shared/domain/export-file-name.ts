// Characters Windows forbids in file names (and '/' everywhere); a flow named 'A/B' would otherwise
// be saved into a folder or rejected by the browser's download.
const ILLEGAL = /[/\\:*?"<>|]/g;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * '{name}-{year}-{month}-{day}-{HHmmss}.flow' in local time, e.g. 'My-Flow-2026-03-05-150709.flow'.
 * Each whitespace character becomes a hyphen; a name that is empty once cleaned becomes 'Untitled'.
 */
export function exportFileName(name: string, at: Date = new Date()): string {
  // Control characters are also invalid in file names; filter by code so no regex needs them.
  // Whitespace controls (tab, newline) are kept so they turn into hyphens like spaces do.
  const printable = Array.from(name ?? '')
    .filter((ch) => (ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127) || /\s/.test(ch))
    .join('');
  const base = printable.replace(ILLEGAL, '').trim().replace(/\s/g, '-') || 'Untitled';
  const date = `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`;
  const time = `${pad2(at.getHours())}${pad2(at.getMinutes())}${pad2(at.getSeconds())}`;
  return `${base}-${date}-${time}.flow`;
}
