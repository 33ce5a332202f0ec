import { parseQuiz, scoreQuiz, type TQuiz } from '../runtime/quiz-format';
import { settingsOf } from '../runtime/settings';
import { liveStepNodes } from './follow';
import { LIVE_QUIZ_MAX_QUESTIONS, liveQuestionAnswers, type TLiveChartAnswer } from './quiz-answer';

/**
 * Quizzes in a live lesson: every question of a Quiz block reaches the projector (one chart per
 * question) and each one answered right earns points. Only a quiz the author wrote into the block
 * has questions and right answers the server can know; a quiz made while the run goes (Generate
 * Questions with AI, a linked JSON Block) reaches the chart but is never marked and earns no points.
 */
export const LIVE_QUIZ_TYPE = 'quizJsonNode';

type TKeyFlow = {
  nodes: ReadonlyArray<{ id: string; type?: string; data?: Record<string, unknown> }>;
  edges: ReadonlyArray<{ source: string; target: string }>;
};

/** One question of a step's own quiz: its prompt, options and right answers (none: asked, not scored). */
export type TLiveQuizKey = { prompt: string; options: string[]; correct: string[]; text: boolean };

/** Each step's questions (index = the live step), null for a step without a quiz of its own. */
export function liveQuizKeys(flow: TKeyFlow): Array<TLiveQuizKey[] | null> {
  return liveStepNodes(flow).map((id) => {
    const node = flow.nodes.find((n) => n.id === id);
    if (!node || node.type !== LIVE_QUIZ_TYPE) return null;
    const settings = settingsOf({ id: node.id, type: node.type, data: node.data ?? {} } as Parameters<
      typeof settingsOf
    >[0]);
    const quiz = parseQuiz(settings.json(['quiz', 'questions'], 0).value);
    const questions = quiz?.questions.slice(0, LIVE_QUIZ_MAX_QUESTIONS) ?? [];
    if (questions.length === 0) return null;
    return questions.map((q) => ({
      prompt: q.prompt,
      options: q.options,
      correct: q.correct,
      text: q.kind === 'text',
    }));
  });
}

/** True when one question's chart answer ({ choices } or { text }) is right, scored as the quiz is. */
export function isRightLiveAnswer(
  key: TLiveQuizKey,
  answer: { choices: string[] } | { text: string } | null,
): boolean {
  if (!answer || key.correct.length === 0) return false;
  const given = 'choices' in answer ? (key.text ? answer.choices[0] : answer.choices) : answer.text;
  if (given === undefined) return false;
  const quiz: TQuiz = {
    title: '',
    questions: [
      {
        id: 'q',
        prompt: key.prompt,
        kind: key.text ? 'text' : key.correct.length > 1 ? 'multiple' : 'single',
        options: key.options,
        correct: key.correct,
        points: 1,
      },
    ],
  };
  return scoreQuiz(quiz, { q: given }).score === 1;
}

/** How many of a step's questions a chart answer has right (each earns its points). */
export function liveRightCount(keys: ReadonlyArray<TLiveQuizKey>, answer: TLiveChartAnswer): number {
  const given = liveQuestionAnswers(answer);
  return keys.filter((key, i) => isRightLiveAnswer(key, given[i] ?? null)).length;
}
