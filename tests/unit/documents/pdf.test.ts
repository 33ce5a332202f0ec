import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { docxFromText } from '../../../src/server/documents/docx';
import { pdfFromRows, pdfFromText } from '../../../src/server/documents/pdf';
import { fillTemplate } from '../../../src/server/documents/template';
import { readPdf } from '../../fixtures/pdf-text';

/** The text a PDF reader extracts (pdf.js through unpdf): what a learner copying from it would get. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('documents: PDF', () => {
  it('fills a template from JSON and names the missing fields', () => {
    const filled = fillTemplate('Certificate for {{name}}: {{result.score}}/{{result.max}} {{ nope }}', {
      name: 'Ada',
      result: { score: 9, max: 10 },
    });
    expect(filled.text).toBe('Certificate for Ada: 9/10 ');
    expect(filled.missing).toEqual(['nope']);
  });

  it('a text PDF parses back with its title and words, across pages when long', async () => {
    const bytes = await pdfFromText(
      'Certificate',
      `Well done, Ada Lovelace. ${'More words here. '.repeat(800)}`,
    );
    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe('Certificate');
    expect(pdf.text).toContain('Well done, Ada Lovelace.');
    expect(pdf.pages).toBeGreaterThan(1);
  });

  it('Thai and Chinese print with an embedded subset font and read back as the same text; Latin embeds nothing', async () => {
    const thai = 'สวัสดีครับ ยินดีต้อนรับสู่บทเรียน';
    const chinese = '你好，欢迎来到课程。学习愉快！';
    const bytes = await pdfFromText('ประกาศนียบัตร 证书', `Café ${chinese}\n${thai}`);
    const text = await textOf(bytes);
    for (const expected of ['ประกาศนียบัตร', '证书', 'Café', chinese, thai])
      expect(text.replace(/\s+/g, ''), expected).toContain(expected.replace(/\s+/g, ''));
    expect(text).not.toContain('?');
    // Subset: the Noto files for these ranges are hundreds of kilobytes, the PDF holds only the glyphs used.
    expect(bytes.byteLength).toBeLessThan(120_000);
    const latin = await pdfFromText('Certificate', 'Well done, Ada.');
    expect(latin.byteLength).toBeLessThan(4_000);
  });

  it('a character no font has prints as "?" instead of failing', async () => {
    expect(await textOf(await pdfFromText('', 'Cuneiform \u{12000}'))).toContain('Cuneiform ?');
  });

  it('Chinese without spaces wraps over lines and pages, and table cells in Thai are drawn', async () => {
    const long = '学习'.repeat(1500);
    const pdf = await readPdf(await pdfFromText('', long));
    expect(pdf.pages).toBeGreaterThan(1);
    const table = await textOf(
      await pdfFromRows('คะแนน', [
        ['ชื่อ', '分数'],
        ['สมชาย', '9'],
      ]),
    );
    for (const cell of ['คะแนน', 'ชื่อ', '分数', 'สมชาย']) expect(table).toContain(cell);
  });

  it('rows become a table with the header first', async () => {
    const rows = [
      ['Name', 'Score'],
      ['Ada', '9'],
      ['Grace', '10'],
    ];
    const pdf = await readPdf(await pdfFromRows('Scores', rows));
    const at = (s: string) => pdf.text.indexOf(s);
    expect(at('Name')).toBeGreaterThan(-1);
    expect(at('Name')).toBeLessThan(at('Grace'));
    expect(pdf.text).toContain('10');
  });
});

describe('documents: Word', () => {
  it('a .docx unzips and holds the title and every line of the text, in any script', async () => {
    const bytes = await docxFromText('Certificate', 'Well done, Ada.\nสวัสดี 你好');
    const files = unzipSync(bytes);
    const xml = strFromU8(files['word/document.xml']);
    expect(xml).toContain('Certificate');
    expect(xml).toContain('Well done, Ada.');
    expect(xml).toContain('สวัสดี 你好');
    expect(strFromU8(files['docProps/core.xml'])).toContain('<dc:title>Certificate</dc:title>');
  });
});
