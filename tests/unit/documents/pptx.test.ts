import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pptxFromSlides } from '../../../src/server/documents/pptx';
import { BULLETS_MAX, SLIDES_MAX, slidesFromText } from '../../../src/server/documents/slides';

/** The slides' XML of a .pptx (a zip), in slide order. */
function slideXml(bytes: Uint8Array): string[] {
  const files = unzipSync(bytes);
  const names = Object.keys(files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  names.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  return names.map((n) => strFromU8(files[n]));
}

describe('slidesFromText', () => {
  it('starts a slide at each heading or --- line; the first line is the title, list markers go', () => {
    const text = '# Plants\n- need light\n* need water\n\n## Roots\n1. hold the soil\n---\nSummary\n• grow';
    expect(slidesFromText(text)).toEqual([
      { title: 'Plants', bullets: ['need light', 'need water'] },
      { title: 'Roots', bullets: ['hold the soil'] },
      { title: 'Summary', bullets: ['grow'] },
    ]);
  });

  it('without headings, each paragraph is a slide; **bold** marks are dropped', () => {
    expect(slidesFromText('One\r\na\r\n\r\n\r\n**Two**\nb\nc\n')).toEqual([
      { title: 'One', bullets: ['a'] },
      { title: 'Two', bullets: ['b', 'c'] },
    ]);
    expect(slidesFromText('  \n\n')).toEqual([]);
  });

  it('keeps at most the slide and bullet limits', () => {
    const many = Array.from({ length: SLIDES_MAX + 5 }, (_, i) => `# S${i}`).join('\n');
    expect(slidesFromText(many)).toHaveLength(SLIDES_MAX);
    const long = `# T\n${Array.from({ length: BULLETS_MAX + 3 }, (_, i) => `- b${i}`).join('\n')}`;
    expect(slidesFromText(long)[0].bullets).toHaveLength(BULLETS_MAX);
  });
});

describe('pptxFromSlides', () => {
  it('makes a .pptx whose slide XML holds the title slide, then each slide’s title and bullets', async () => {
    const bytes = await pptxFromSlides('Lesson <1> & "plants"', [
      { title: 'ต้นไม้ 植物', bullets: ['need light', 'a < b'] },
      { title: 'Only a title', bullets: [] },
    ]);
    expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
    const files = unzipSync(bytes);
    expect(strFromU8(files['[Content_Types].xml'])).toContain('presentationml.slide+xml');
    expect(strFromU8(files['docProps/core.xml'])).toContain('Lesson &lt;1&gt; &amp; &quot;plants&quot;');
    const slides = slideXml(bytes);
    expect(slides).toHaveLength(3);
    expect(slides[0]).toContain('<a:t>Lesson &lt;1&gt; &amp; &quot;plants&quot;</a:t>');
    expect(slides[1]).toContain('<a:t>ต้นไม้ 植物</a:t>');
    expect(slides[1]).toContain('<a:t>need light</a:t>');
    expect(slides[1]).toContain('<a:t>a &lt; b</a:t>');
    expect(slides[1]).toContain('<a:buChar');
    expect(slides[2]).toContain('<a:t>Only a title</a:t>');
    expect(slides[2]).not.toContain('<a:buChar');
  });
});
