import type { TLiveResults } from '../../../../shared/contract/live';
import { liveQuestionAnswers } from '../../../../shared/domain/live/quiz-answer';

/**
 * The projector's figures for one step (for a quiz, one of its questions): how many learners picked
 * each choice (in the order choices were first seen, so bars do not jump about as answers arrive) and
 * the text answers. Names stay out: the projector shows no one's answer by name.
 */
export function tallyAnswers(
  answers: TLiveResults['answers'],
  question = 0,
): {
  choices: Array<{ label: string; count: number }>;
  texts: string[];
} {
  const counts = new Map<string, number>();
  const texts: string[] = [];
  for (const { answer } of answers) {
    const given = liveQuestionAnswers(answer)[question];
    if (!given) continue;
    if ('choices' in given) for (const c of given.choices) counts.set(c, (counts.get(c) ?? 0) + 1);
    else if (given.text.trim()) texts.push(given.text.trim());
  }
  return { choices: [...counts].map(([label, count]) => ({ label, count })), texts };
}

/**
 * How many questions the step's chart steps through: its quiz's (known to the server for a quiz the
 * author wrote), or as many as the answers carry (a quiz made while the run goes), at least one.
 */
export function questionCount(answers: TLiveResults['answers'], quiz: TLiveResults['quiz']): number {
  const answered = answers.reduce((n, { answer }) => Math.max(n, liveQuestionAnswers(answer).length), 1);
  return Math.max(quiz?.questions.length ?? 0, answered);
}

/**
 * A quiz question's bars: every option of the question in the quiz's order (an option nobody picked
 * shows as 0, so the class sees all of them), then any other label answered; once the teacher
 * reveals the step, each bar says whether it is a right answer.
 */
export function quizBars(
  choices: Array<{ label: string; count: number }>,
  question: { options: string[]; correct?: string[] } | undefined,
): Array<{ label: string; count: number; right?: boolean }> {
  if (!question || question.options.length === 0) return choices;
  const { options, correct } = question;
  const counts = new Map(choices.map((c) => [c.label, c.count]));
  const labels = [...options, ...choices.map((c) => c.label).filter((l) => !options.includes(l))];
  return labels.map((label) => ({
    label,
    count: counts.get(label) ?? 0,
    ...(correct ? { right: correct.includes(label) } : {}),
  }));
}
