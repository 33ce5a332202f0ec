import { resolveOption } from '../runtime/quiz-format';

/** One question's answer on the chart: the chosen option labels (the chart counts labels) or a text. */
export type TLiveQuestionAnswer = { choices: string[] } | { text: string };
/** A step's chart answer: a choice or a text, or a quiz's answers, one per question (null: left empty). */
export type TLiveChartAnswer = TLiveQuestionAnswer | { questions: Array<TLiveQuestionAnswer | null> };

/** The questions of one quiz that reach the projector: a live lesson charts no more than this. */
export const LIVE_QUIZ_MAX_QUESTIONS = 50;

type TQuizRequest = {
  questions?: ReadonlyArray<{ id: string; kind: string; options: ReadonlyArray<string> }>;
};

function questionAnswer(
  q: { kind: string; options: ReadonlyArray<string> },
  given: string | string[] | undefined,
): TLiveQuestionAnswer | null {
  if (given === undefined) return null;
  const list = (Array.isArray(given) ? given : [given]).map(String).filter((s) => s.trim());
  if (q.kind === 'text') return list[0] ? { text: list[0].slice(0, 2000) } : null;
  const labels = list.map((g) => (resolveOption(q.options, g) ?? g).slice(0, 200)).slice(0, 50);
  return labels.length ? { choices: labels } : null;
}

/**
 * What the chart gets from a quiz answer: every question's answer in the quiz's order, as option
 * labels or the typed text (null for a question left empty); null when the whole quiz was left empty.
 */
export function liveQuizAnswerOf(
  request: TQuizRequest,
  responses: Readonly<Record<string, string | string[]>> | undefined,
): { questions: Array<TLiveQuestionAnswer | null> } | null {
  const questions = (request.questions ?? [])
    .slice(0, LIVE_QUIZ_MAX_QUESTIONS)
    .map((q) => questionAnswer(q, responses?.[q.id]));
  return questions.some((a) => a !== null) ? { questions } : null;
}

/**
 * A chart answer's answers per question: a quiz's list, or a single answer as the first question's
 * (phones that kept an answer offline before quizzes sent every question still send that shape).
 */
export function liveQuestionAnswers(answer: TLiveChartAnswer): Array<TLiveQuestionAnswer | null> {
  return 'questions' in answer ? answer.questions : [answer];
}
