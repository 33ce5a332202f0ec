import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { FontSet, widthOf } from './pdf-fonts';

/**
 * PDFs the documents blocks make (PDF from Template, CSV to PDF), with pdf-lib (docs/design/documents.md).
 * Text is laid out by hand: wrapped to the page width at word boundaries (Intl.Segmenter, which knows
 * that Thai and Chinese put no spaces between words), new pages as needed. Each character is drawn
 * with a font that has it (pdf-fonts.ts): Helvetica for Western text, embedded Noto for Thai and CJK.
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BODY = 11;
const LEADING = 15;
/** Wider tables are cut: columns of a few points hold nothing readable. */
const MAX_COLUMNS = 12;
const INK = rgb(0.1, 0.1, 0.1);

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

const clean = (text: string) => text.replace(/\r/g, '').replace(/\t/g, ' ');

async function wrap(fonts: FontSet, size: number, text: string, width: number): Promise<string[]> {
  const lines: string[] = [];
  for (const paragraph of clean(text).split('\n')) {
    let line = '';
    let used = 0;
    for (const { segment } of segmenter.segment(paragraph)) {
      const w = widthOf(await fonts.runs(segment), size);
      if (used + w <= width || !line.trim()) {
        line += segment;
        used += w;
      } else {
        lines.push(line.trimEnd());
        line = segment.trimStart();
        used = widthOf(await fonts.runs(line), size);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly font: FontSet,
    readonly bold: FontSet,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  /** Draws text at the current line, run by run, each in its own font. */
  async draw(text: string, x: number, size: number, fonts: FontSet) {
    let at = x;
    for (const run of await fonts.runs(text)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font, color: INK });
      at += widthOf([run], size);
    }
  }
  async line(text: string, opts: { size?: number; bold?: boolean; x?: number } = {}) {
    const size = opts.size ?? BODY;
    this.room(size + 4);
    this.y -= size + 4;
    await this.draw(text, opts.x ?? MARGIN, size, opts.bold ? this.bold : this.font);
  }
  async paragraph(text: string, opts: { size?: number; bold?: boolean } = {}) {
    const size = opts.size ?? BODY;
    const fonts = opts.bold ? this.bold : this.font;
    for (const l of await wrap(fonts, size, text, A4[0] - 2 * MARGIN)) await this.line(l, opts);
    this.y -= LEADING - BODY;
  }
}

async function start(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Flowlearn');
  const w = new Writer(doc, await FontSet.create(doc, false), await FontSet.create(doc, true));
  if (title) await w.paragraph(title, { size: 18, bold: true });
  return w;
}

/** A document from the author's text template with `{{field}}` filled from the linked JSON. */
export async function pdfFromText(title: string, body: string): Promise<Uint8Array> {
  const w = await start(title);
  await w.paragraph(body);
  return w.doc.save();
}

/** Rows as a table: the first row as the header, columns of equal width, cells cut to fit. */
export async function pdfFromRows(title: string, rows: string[][]): Promise<Uint8Array> {
  const w = await start(title);
  const columns = Math.min(MAX_COLUMNS, Math.max(1, ...rows.map((r) => r.length)));
  const width = (A4[0] - 2 * MARGIN) / columns;
  for (const [i, row] of rows.entries()) {
    w.room(LEADING + 4);
    w.y -= LEADING;
    const fonts = i === 0 ? w.bold : w.font;
    for (let c = 0; c < columns; c++) {
      // Cut long cells first: the loop below measures the cell once per character it drops.
      let cell = [...clean(row[c] ?? '').replace(/\n/g, ' ')].slice(0, 200).join('');
      while (cell.length > 1 && widthOf(await fonts.runs(cell), BODY - 1) > width - 6)
        cell = `${[...cell].slice(0, -2).join('')}…`;
      await w.draw(cell, MARGIN + c * width, BODY - 1, fonts);
    }
  }
  return w.doc.save();
}
