import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/Markdown';

const show = (text: string) => render(<Markdown text={text} />).container;

describe('[MARKDOWN] underscores follow CommonMark', () => {
  it('keeps underscores inside words literal', () => {
    const box = show('Set AI_BASE_URL and snake_case_name, then run 2_000_000 times.');
    expect(box.querySelector('em')).toBeNull();
    expect(box.textContent).toBe('Set AI_BASE_URL and snake_case_name, then run 2_000_000 times.');
  });

  it('still makes _emphasis_ at word boundaries, also in Thai and beside punctuation', () => {
    const box = show('An _important_ step (_really_). ข้อ _สำคัญ_ นี้');
    expect([...box.querySelectorAll('em')].map((e) => e.textContent)).toEqual([
      'important',
      'really',
      'สำคัญ',
    ]);
  });

  it('lets an emphasis hold an intraword underscore and leaves lone ones alone', () => {
    const box = show('Use _AI_BASE_URL_ here; a _ b _ c; end_');
    expect([...box.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['AI_BASE_URL']);
    expect(box.textContent).toBe('Use AI_BASE_URL here; a _ b _ c; end_');
  });

  it('keeps stars, bold and code as before', () => {
    const box = show('**bold** and *it* and `a_b_c`');
    expect(box.querySelector('strong')?.textContent).toBe('bold');
    expect(box.querySelector('em')?.textContent).toBe('it');
    expect(box.querySelector('code')?.textContent).toBe('a_b_c');
  });
});
