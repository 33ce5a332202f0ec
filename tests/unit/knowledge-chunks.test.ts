import { describe, expect, it } from 'vitest';
import { chunkPages, normaliseText, searchWords } from '../../src/shared/domain/knowledge/chunks';

const sentence = (i: number) => `Sentence number ${i} talks about the water cycle and its parts.`;

describe('knowledge chunks', () => {
  it('keeps a short page as one passage with its page number', () => {
    const chunks = chunkPages([{ text: 'Plants  need\tlight.\n\n\n\nAnd water.', page: 3 }]);
    expect(chunks).toEqual([{ position: 0, page: 3, text: 'Plants need light. And water.' }]);
  });

  it('never lets a passage pass the limit and never spans two pages', () => {
    const long = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkPages(
      [
        { text: long, page: 1 },
        { text: 'The second page.', page: 2 },
      ],
      { maxChars: 300, overlap: 80 },
    );
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(300);
    expect(chunks.at(-1)).toMatchObject({ page: 2, text: 'The second page.' });
    expect(chunks.filter((c) => c.page === 1).every((c) => !c.text.includes('second page'))).toBe(true);
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });

  it('repeats the last sentence of a passage at the start of the next (overlap) and loses none', () => {
    const text = Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkPages([{ text, page: null }], { maxChars: 250, overlap: 80 });
    for (let i = 1; i < chunks.length; i++) {
      const lastOfPrevious = chunks[i - 1].text.match(/Sentence number \d+[^.]*\./g)?.at(-1) ?? '';
      expect(chunks[i].text.startsWith(lastOfPrevious)).toBe(true);
    }
    for (let i = 0; i < 20; i++) expect(chunks.some((c) => c.text.includes(sentence(i)))).toBe(true);
  });

  it('cuts text without spaces (Chinese) at sentence ends or at the limit', () => {
    const text = '水循环包括蒸发、凝结和降水。'.repeat(40);
    const chunks = chunkPages([{ text, page: 1 }], { maxChars: 120, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(120);
  });

  it('makes nothing of an empty document', () => {
    expect(chunkPages([{ text: ' \n\n ', page: 1 }])).toEqual([]);
    expect(normaliseText('a\r\nb')).toBe('a\nb');
  });

  it('takes the words of a search without operators or repeats', () => {
    expect(searchWords("What's the Water cycle? water & | !")).toEqual(['water', 'cycle']);
  });

  it('leaves out the stop words of English and Malay, unless the question has nothing else', () => {
    expect(searchWords('How does the mitochondria work?')).toEqual(['mitochondria', 'work']);
    expect(searchWords('Apakah fungsi mitokondria dalam sel?')).toEqual(['fungsi', 'mitokondria', 'sel']);
    expect(searchWords('What is it?')).toEqual(['what', 'is', 'it']);
    expect(searchWords('光合作用是什么')).toEqual(['光合作用是什么']);
  });
});
