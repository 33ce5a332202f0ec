import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/**
 * Fonts for every language the app speaks. Helvetica (a standard font, nothing embedded) draws what
 * WinAnsi encodes; Thai and Chinese come from Noto Sans Thai and Noto Sans SC (SIL Open Font Licence,
 * which allows embedding), shipped by the @fontsource packages as one file per Unicode range. A
 * range's file is embedded only when the text uses it, and subset to the glyphs used, so a Latin PDF
 * stays as small as before and a Thai one grows by a few kilobytes. What no font covers prints '?'.
 */

type Weight = 400 | 700;
type Face = { file: string; ranges: Array<[number, number]> };

const require = createRequire(import.meta.url);
const FAMILIES = ['@fontsource/noto-sans-thai', '@fontsource/noto-sans-sc'];

/** The faces a fontsource stylesheet declares: its .woff file and its unicode-range. */
export function facesOf(css: string, folder: string): Face[] {
  const faces: Face[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((r): [number, number] => {
      const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
    });
    faces.push({ file: join(folder, 'files', file), ranges });
  }
  return faces;
}

const loaded = new Map<Weight, Face[]>();
function facesFor(weight: Weight): Face[] {
  let faces = loaded.get(weight);
  if (!faces) {
    faces = FAMILIES.flatMap((family) => {
      const css = require.resolve(`${family}/${weight}.css`);
      return facesOf(readFileSync(css, 'utf8'), dirname(css));
    });
    loaded.set(weight, faces);
  }
  return faces;
}

const canEncode = (font: PDFFont, ch: string) => {
  try {
    font.encodeText(ch);
    return true;
  } catch {
    return false;
  }
};

export type Run = { text: string; font: PDFFont };

/** The fonts of one document and one weight: which draws each character, embedded on first use. */
export class FontSet {
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  /** Which font draws a character, once looked up (a miss of the standard font is an exception: slow). */
  private readonly chosen = new Map<string, PDFFont | null>();
  private constructor(
    private readonly doc: PDFDocument,
    readonly standard: PDFFont,
    private readonly weight: Weight,
  ) {}

  static async create(doc: PDFDocument, bold: boolean): Promise<FontSet> {
    doc.registerFontkit(fontkit);
    const standard = await doc.embedFont(bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica);
    return new FontSet(doc, standard, bold ? 700 : 400);
  }

  private async fontFor(ch: string): Promise<PDFFont | null> {
    const known = this.chosen.get(ch);
    if (known !== undefined) return known;
    const font = await this.lookUp(ch);
    this.chosen.set(ch, font);
    return font;
  }

  private async lookUp(ch: string): Promise<PDFFont | null> {
    if (canEncode(this.standard, ch)) return this.standard;
    const code = ch.codePointAt(0) ?? 0;
    const face = facesFor(this.weight).find((f) => f.ranges.some(([a, b]) => code >= a && code <= b));
    if (!face) return null;
    let font = this.embedded.get(face.file);
    if (!font) {
      font = this.doc.embedFont(readFileSync(face.file), { subset: true });
      this.embedded.set(face.file, font);
    }
    return font;
  }

  /** The text cut into runs of one font each; a character no font has becomes '?'. Spaces join the run they are in. */
  async runs(text: string): Promise<Run[]> {
    const out: Run[] = [];
    for (const ch of text) {
      const font =
        ch === ' ' && out.length
          ? out[out.length - 1].font
          : (this.chosen.get(ch) ?? (await this.fontFor(ch)));
      const [piece, by] = font ? [ch, font] : ['?', this.standard];
      const last = out[out.length - 1];
      if (last && last.font === by) last.text += piece;
      else out.push({ text: piece, font: by });
    }
    return out;
  }
}

/**
 * Advance widths per font and character, measured once: an embedded font measures by laying the text
 * out (fontkit), far too slow to repeat for every word a line is tried with. Summing advances leaves
 * out kerning, which only makes lines a hair shorter than they could be.
 */
const advances = new WeakMap<PDFFont, Map<string, number>>();
function advance(font: PDFFont, ch: string): number {
  let known = advances.get(font);
  if (!known) {
    known = new Map();
    advances.set(font, known);
  }
  let w = known.get(ch);
  if (w === undefined) {
    w = font.widthOfTextAtSize(ch, 1000) / 1000;
    known.set(ch, w);
  }
  return w;
}

export function widthOf(runs: Run[], size: number): number {
  let w = 0;
  for (const r of runs) for (const ch of r.text) w += advance(r.font, ch);
  return w * size;
}
