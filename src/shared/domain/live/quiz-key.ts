import { parseQuiz, scoreQuiz, type TQuiz } from '../runtime/quiz-format';
import { settingsOf } from '../runtime/settings';
import { liveStepNodes } from './follow';

/**
 * Quizzes in a live lesson: a Quiz block's first question is what the projector's chart shows (the
 * step text shows the same question) and what earns points. Only a quiz the author wrote into the
 * block has a right answer the server can know; a quiz made while the run goes (Generate Questions
 * with AI, a linked JSON Block) reaches the chart but is never marked and earns no points.
 */
export const LIVE_QUIZ_TYPE = 'quizJsonNode';

type TKeyFlow = {
  nodes: ReadonlyArray<{ id: string; type?: string; data?: Record<string, unknown> }>;
  edges: ReadonlyArray<{ source: string; target: string }>;
};

/** The first question of a step's own quiz: its options and right answers. */
export type TLiveQuizKey = { options: string[]; correct: string[]; text: boolean };

/** Each step's key (index = the live step), null for a step without a quiz of its own. */
export function liveQuizKeys(flow: TKeyFlow): Array<TLiveQuizKey | null> {
  return liveStepNodes(flow).map((id) => {
    const node = flow.nodes.find((n) => n.id === id);
    if (!node || node.type !== LIVE_QUIZ_TYPE) return null;
    const settings = settingsOf({ id: node.id, type: node.type, data: node.data ?? {} } as Parameters<
      typeof settingsOf
    >[0]);
    const quiz = parseQuiz(settings.json(['quiz', 'questions'], 0).value);
    const q = quiz?.questions[0];
    if (!q || q.correct.length === 0) return null;
    return { options: q.options, correct: q.correct, text: q.kind === 'text' };
  });
}

/** True when a chart answer ({ choices } or { text }) is the key's right answer, scored as the quiz is. */
export function isRightLiveAnswer(
  key: TLiveQuizKey,
  answer: { choices: string[] } | { text: string },
): boolean {
  const given = 'choices' in answer ? (key.text ? answer.choices[0] : answer.choices) : answer.text;
  if (given === undefined) return false;
  const quiz: TQuiz = {
    title: '',
    questions: [
      {
        id: 'q',
        prompt: 'q',
        kind: key.text ? 'text' : key.correct.length > 1 ? 'multiple' : 'single',
        options: key.options,
        correct: key.correct,
        points: 1,
      },
    ],
  };
  return scoreQuiz(quiz, { q: given }).score === 1;
}
