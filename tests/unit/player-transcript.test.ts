import { describe, expect, it } from 'vitest';
import { answerText, transcriptEntries } from '../../src/player/run/transcript';

describe('[PLAYER] earlier answers kept for a reopened flow', () => {
  it('says each kind of answer in words', () => {
    expect(
      answerText({ kind: 'text', prompt: 'Why?', placeholder: '' }, { kind: 'text', text: 'Light.' }),
    ).toBe('Light.');
    const quiz = {
      kind: 'quiz' as const,
      title: '',
      questions: [
        { id: 'a', prompt: 'Colour?', kind: 'single' as const, options: ['Green', 'Red'] },
        { id: 'b', prompt: 'Parts?', kind: 'multiple' as const, options: ['Leaf', 'Root'] },
      ],
    };
    expect(answerText(quiz, { kind: 'quiz', responses: { a: 'Green', b: ['Leaf', 'Root'] } })).toBe(
      'Colour? — Green\nParts? — Leaf, Root',
    );
    const choice = { kind: 'choice' as const, prompt: '', options: [{ id: 'x', label: 'Go on' }] };
    expect(answerText(choice, { kind: 'choice', optionId: 'x' })).toBe('Go on');
    expect(answerText({ kind: 'continue' }, { kind: 'continue' })).toBeNull();
    const media = { kind: 'media' as const, media: 'image' as const, prompt: '', accept: '', capture: true };
    expect(answerText(media, { kind: 'media', url: 'about:blank', name: 'skipped' })).toBeNull();
  });

  it('adds the answer, then the AI replies streamed after it, placed after the feed item it followed', () => {
    const entries = transcriptEntries(
      { kind: 'media', media: 'image', prompt: '', accept: 'image/*', capture: true },
      { kind: 'media', url: 'https://x.test/leaf.png', name: 'leaf.png', mediaType: 'image/png' },
      4,
      { p: 'Nice leaf!', empty: '  ' },
    );
    expect(entries).toEqual([
      { after: 4, key: 'a-4-media', kind: 'answer', text: '', image: 'https://x.test/leaf.png' },
      { after: 4, key: 'ai-4-p', kind: 'ai', text: 'Nice leaf!' },
    ]);
  });

  it('leaves a conversation its own turns', () => {
    const turn = transcriptEntries(
      { kind: 'conversation', messages: [], turn: 1, maxTurns: 3 },
      { kind: 'text', text: 'hi' },
      2,
      { c: 'Hello!' },
    );
    expect(turn).toEqual([]);
  });
});
