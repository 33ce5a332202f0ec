import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveTextAnswers } from '../../src/features/assignments/components/live/LiveTextAnswers';
import { cloudSize, cloudWords } from '../../src/features/assignments/components/live/live-words';

const answers = [
  'Plants need light and water',
  'The plant needs LIGHT, light, light!',
  'light is energy',
  'water',
];

describe('[LIVE] text answers as a word cloud on the projector', () => {
  it('stays hidden until revealed, then sizes each word by how many learners used it', () => {
    const view = render(<LiveTextAnswers texts={answers} revealed={false} />);
    expect(screen.getByText('Answers are hidden until you reveal them.')).toBeTruthy();
    expect(screen.queryByTestId('live-cloud')).toBeNull();

    view.rerender(<LiveTextAnswers texts={answers} revealed />);
    const cloud = screen.getByRole('list', { name: 'Words in the text answers' });
    const words = [...cloud.querySelectorAll('li')].map((li) => [
      li.firstChild?.textContent,
      Number(li.dataset.count),
    ]);
    // "light" in three answers (four times in one: counted once), "water" in two; no "the", "is", "and".
    expect(Object.fromEntries(words)).toEqual({
      light: 3,
      water: 2,
      energy: 1,
      needs: 1,
      need: 1,
      plant: 1,
      plants: 1,
    });
    const size = (w: string) =>
      Number.parseFloat((screen.getByText(w, { selector: 'li' }) as HTMLElement).style.fontSize);
    expect(size('light')).toBeGreaterThan(size('water'));
    expect(size('water')).toBeGreaterThan(size('energy'));
    expect(screen.getByText('light', { selector: 'li' }).textContent).toContain('used by 3 learners');
  });

  it('shows the answers themselves as a list at the teacher’s choice, never with a name', () => {
    render(<LiveTextAnswers texts={answers} revealed />);
    fireEvent.click(screen.getByRole('button', { name: 'Show as a list' }));
    const list = screen.getByRole('list', { name: 'Text answers' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(answers);
    fireEvent.click(screen.getByRole('button', { name: 'Show as a word cloud' }));
    expect(screen.getByTestId('live-cloud')).toBeTruthy();
  });

  it('cuts Chinese and Thai into words and leaves out their common words; says when nothing is left', () => {
    expect(
      cloudWords(['我喜欢植物', '植物需要阳光'], 'zh-CN').find((w) => w.word.includes('植物'))?.count,
    ).toBe(2);
    expect(cloudWords(['ต้นไม้ ต้องการ แสง', 'ต้นไม้ ที่ สวย'], 'th-TH')).toContainEqual({ word: 'ต้นไม้', count: 2 });
    expect(cloudWords(['ต้นไม้ ที่ สวย'], 'th-TH').map((w) => w.word)).not.toContain('ที่');
    expect(cloudWords(['the a is', '  '], 'en-GB')).toEqual([]);
    render(<LiveTextAnswers texts={['the and of']} revealed />);
    expect(screen.getByText('No words to show yet.')).toBeTruthy();
    expect(cloudSize(1, 1)).toBe(1.5);
    expect(cloudSize(10, 10)).toBe(3.5);
    expect(cloudSize(1, 10)).toBe(1);
  });
});
