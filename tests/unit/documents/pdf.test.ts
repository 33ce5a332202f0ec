import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxFromText } from '../../../src/server/documents/docx';
import { pdfFromRows, pdfFromText } from '../../../src/server/documents/pdf';
import { fillTemplate } from '../../../src/server/documents/template';
import { readPdf } from '../../fixtures/pdf-text';

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

  it('characters the standard font lacks print as "?" instead of failing', async () => {
    const pdf = await readPdf(await pdfFromText('สวัสดี', 'Café 你好'));
    expect(pdf.text).toContain('Café ??');
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
