import { describe, expect, it } from 'vitest';
import { isChartRequest, liveAnswerOf } from '../../src/shared/domain/live/follow';
import { isRightLiveAnswer, liveQuizKeys, liveRightCount } from '../../src/shared/domain/live/quiz-key';

const flow = {
  nodes: [
    { id: 's', type: 'beginNode', data: {} },
    {
      id: 'q',
      type: 'quizJsonNode',
      data: { quiz: [{ question: 'Which are prime?', options: ['2', '4', '7'], answer: ['2', '7'] }] },
    },
    // A quiz written in the block's first form, as JSON text, with a typed answer.
    {
      id: 't',
      type: 'quizJsonNode',
      data: { forms: [{ id: 'quiz', value: '[{"question":"2+2?","answer":"four"}]' }] },
    },
    { id: 'g', type: 'quizJsonNode', data: {} },
    { id: 'b', type: 'branchingNode', data: { question: 'Ready?' } },
  ],
  edges: [
    { source: 's', target: 'q' },
    { source: 'q', target: 't' },
    { source: 't', target: 'g' },
    { source: 'g', target: 'b' },
  ],
};

describe('live quiz keys', () => {
  it("reads each step's own quiz; a linked quiz or another block has no key", () => {
    expect(liveQuizKeys(flow)).toEqual([
      [{ prompt: 'Which are prime?', options: ['2', '4', '7'], correct: ['2', '7'], text: false }],
      [{ prompt: '2+2?', options: [], correct: ['four'], text: true }],
      null,
      null,
    ]);
  });

  it('marks an answer right only with exactly the right options, a typed answer ignoring case', () => {
    const [[several] = [], [typed] = []] = liveQuizKeys(flow).map((k) => k ?? []);
    if (!several || !typed) throw new Error('keys expected');
    expect(isRightLiveAnswer(several, { choices: ['7', '2'] })).toBe(true);
    expect(isRightLiveAnswer(several, { choices: ['2'] })).toBe(false);
    expect(isRightLiveAnswer(several, { choices: ['2', '4', '7'] })).toBe(false);
    expect(isRightLiveAnswer(typed, { text: ' Four ' })).toBe(true);
    expect(isRightLiveAnswer(typed, { text: 'five' })).toBe(false);
  });

  it('keys every question of a quiz and counts each one answered right', () => {
    const quiz = [
      { question: 'Capital of France?', options: ['Rome', 'Paris'], answer: 'Paris' },
      { question: 'Say hello', options: [] },
      { question: '2+2?', answer: 'four' },
    ];
    const [keys] = liveQuizKeys({
      nodes: [
        { id: 's', type: 'beginNode', data: {} },
        { id: 'q', type: 'quizJsonNode', data: { quiz } },
      ],
      edges: [{ source: 's', target: 'q' }],
    });
    if (!keys) throw new Error('keys expected');
    expect(keys.map((k) => [k.prompt, k.correct])).toEqual([
      ['Capital of France?', ['Paris']],
      ['Say hello', []],
      ['2+2?', ['four']],
    ]);
    const all = { questions: [{ choices: ['Paris'] }, { text: 'hi' }, { text: 'Four' }] };
    expect(liveRightCount(keys, all)).toBe(2);
    expect(liveRightCount(keys, { questions: [{ choices: ['Rome'] }, null, { text: 'four' }] })).toBe(1);
    expect(liveRightCount(keys, { questions: [null, null, null] })).toBe(0);
    // An answer kept offline by a phone before quizzes sent every question: the first question's.
    expect(liveRightCount(keys, { choices: ['Paris'] })).toBe(1);
  });

  it('sends every question of a quiz to the chart as labels or text', () => {
    const request = {
      kind: 'quiz',
      questions: [
        { id: 'a', kind: 'multiple', options: ['2', '4', '7'] },
        { id: 'b', kind: 'text', options: [] },
      ],
    };
    expect(isChartRequest(request)).toBe(true);
    expect(liveAnswerOf(request, { kind: 'quiz', responses: { a: ['2', 'C'], b: 'x' } })).toEqual({
      questions: [{ choices: ['2', '7'] }, { text: 'x' }],
    });
    expect(liveAnswerOf(request, { kind: 'quiz', responses: { b: 'x' } })).toEqual({
      questions: [null, { text: 'x' }],
    });
    expect(liveAnswerOf(request, { kind: 'quiz', responses: { b: ' ' } })).toBeNull();
  });
});
