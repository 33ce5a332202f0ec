import PptxGenJS from 'pptxgenjs';
import type { TSlide } from './slides';

/**
 * PowerPoint files for the PowerPoint block, with pptxgenjs (docs/design/documents.md): a title slide,
 * then one slide per TSlide (its title, and its bullets in a box that shrinks text that would overflow).
 * PowerPoint's own fonts draw Thai and Chinese, so nothing is replaced here.
 */
export async function pptxFromSlides(title: string, slides: ReadonlyArray<TSlide>): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  deck.layout = 'LAYOUT_WIDE';
  deck.title = title;
  deck.author = 'Flowlearn';
  deck.company = 'Flowlearn';

  const cover = deck.addSlide();
  cover.addText(title, { x: 0.7, y: 2.6, w: 11.9, h: 1.6, fontSize: 40, bold: true, align: 'center' });

  for (const slide of slides) {
    const page = deck.addSlide();
    page.addText(slide.title, { x: 0.6, y: 0.35, w: 12.1, h: 1.1, fontSize: 30, bold: true, fit: 'shrink' });
    if (slide.bullets.length) {
      page.addText(
        slide.bullets.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
        { x: 0.6, y: 1.6, w: 12.1, h: 5.4, fontSize: 20, valign: 'top', fit: 'shrink', paraSpaceAfter: 6 },
      );
    }
  }
  const bytes = await deck.write({ outputType: 'uint8array' });
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes as ArrayBuffer);
}
