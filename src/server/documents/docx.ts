import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

/**
 * Word documents for Word Document from Template, with the `docx` library (docs/design/documents.md):
 * the title as a heading, then one paragraph per line of the filled template. Word fonts cover every
 * script the app speaks (Thai, Chinese), so nothing is replaced here.
 */
export async function docxFromText(title: string, body: string): Promise<Uint8Array> {
  const lines = body.replace(/\r/g, '').split('\n');
  const doc = new Document({
    title,
    creator: 'Flowlearn',
    sections: [
      {
        children: [
          ...(title ? [new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 })] : []),
          ...lines.map((line) => new Paragraph({ children: [new TextRun(line)] })),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
