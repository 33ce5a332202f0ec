/**
 * The one CSV writer of every export (spec 02 §5, §9): each cell wrapped in double quotes, embedded
 * quotes doubled, rows ended by CRLF (RFC 4180), and a UTF-8 byte order mark in front so that
 * spreadsheet programs read Thai, Chinese and Malay names as UTF-8 rather than the local code page.
 *
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab or CR first, and not a
 * number, and not a lone '-' placeholder) gets a leading apostrophe: a learner's answer must not become a formula on the teacher's
 * machine (OWASP "CSV injection").
 */
export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

export type TCsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** One cell: quoted, quotes doubled; null and undefined are empty; booleans TRUE/FALSE. */
export function csvCell(value: TCsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'boolean') text = value ? 'TRUE' : 'FALSE';
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else text = value.length > 1 && FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file: a header row then the rows; with the BOM unless `bom: false`. */
export function toCsv(header: string[], rows: TCsvValue[][], opts: { bom?: boolean } = {}): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return `${opts.bom === false ? '' : CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Reads CSV back (RFC 4180: quoted cells, doubled quotes, CR LF or LF line ends; a BOM is skipped).
 * For tests and for checking an export; answers rows of cells as text.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
