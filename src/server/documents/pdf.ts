import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * PDFs the documents blocks make (PDF from Template, CSV to PDF), with pdf-lib (docs/design/documents.md).
 * Text is laid out by hand: wrapped to the page width, new pages as needed. The standard Helvetica
 * font covers Western European text only (WinAnsi): other characters print as '?' until a Unicode
 * font is embedded (the documented next step), rather than failing the learner's run.
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BODY = 11;
const LEADING = 15;
/** Wider tables are cut: columns of a few points hold nothing readable. */
const MAX_COLUMNS = 12;

/** Keeps what the standard font can encode; the rest becomes '?'. */
export function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\r/g, '')) {
    if (ch === '\n' || ch === '\t') {
      out += ch === '\t' ? ' ' : ch;
      continue;
    }
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  line(text: string, opts: { size?: number; bold?: boolean; x?: number } = {}) {
    const size = opts.size ?? BODY;
    this.room(size + 4);
    this.y -= size + 4;
    const font = opts.bold ? this.bold : this.font;
    this.page.drawText(text, { x: opts.x ?? MARGIN, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
  }
  paragraph(text: string, opts: { size?: number; bold?: boolean } = {}) {
    const size = opts.size ?? BODY;
    const font = opts.bold ? this.bold : this.font;
    for (const l of wrap(font, size, printable(font, text), A4[0] - 2 * MARGIN)) this.line(l, opts);
    this.y -= LEADING - BODY;
  }
}

async function start(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Flowlearn');
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  if (title) w.paragraph(title, { size: 18, bold: true });
  return w;
}

/** A document from the author's text template with `{{field}}` filled from the linked JSON. */
export async function pdfFromText(title: string, body: string): Promise<Uint8Array> {
  const w = await start(title);
  w.paragraph(body);
  return w.doc.save();
}

/** Rows as a table: the first row as the header, columns of equal width, cells cut to fit. */
export async function pdfFromRows(title: string, rows: string[][]): Promise<Uint8Array> {
  const w = await start(title);
  const columns = Math.min(MAX_COLUMNS, Math.max(1, ...rows.map((r) => r.length)));
  const width = (A4[0] - 2 * MARGIN) / columns;
  rows.forEach((row, i) => {
    w.room(LEADING + 4);
    w.y -= LEADING;
    for (let c = 0; c < columns; c++) {
      const font = i === 0 ? w.bold : w.font;
      let cell = printable(font, row[c] ?? '').replace(/\n/g, ' ');
      while (cell.length > 1 && font.widthOfTextAtSize(cell, BODY - 1) > width - 6)
        cell = `${cell.slice(0, -2)}…`;
      w.page.drawText(cell, { x: MARGIN + c * width, y: w.y, size: BODY - 1, font });
    }
  });
  return w.doc.save();
}
