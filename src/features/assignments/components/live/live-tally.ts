import type { TLiveResults } from '../../../../shared/contract/live';

/**
 * The projector's figures for one step: how many learners picked each choice (in the order choices
 * were first seen, so bars do not jump about as answers arrive) and the text answers. Names stay out:
 * the projector shows no one's answer by name.
 */
export function tallyAnswers(answers: TLiveResults['answers']): {
  choices: Array<{ label: string; count: number }>;
  texts: string[];
} {
  const counts = new Map<string, number>();
  const texts: string[] = [];
  for (const { answer } of answers) {
    if ('choices' in answer) for (const c of answer.choices) counts.set(c, (counts.get(c) ?? 0) + 1);
    else if (answer.text.trim()) texts.push(answer.text.trim());
  }
  return { choices: [...counts].map(([label, count]) => ({ label, count })), texts };
}

/**
 * A quiz step's bars: every option of its question in the quiz's order (an option nobody picked
 * shows as 0, so the class sees all of them), then any other label answered; once the teacher
 * reveals the step, each bar says whether it is a right answer.
 */
export function quizBars(
  choices: Array<{ label: string; count: number }>,
  quiz: TLiveResults['quiz'],
): Array<{ label: string; count: number; right?: boolean }> {
  if (!quiz || quiz.options.length === 0) return choices;
  const counts = new Map(choices.map((c) => [c.label, c.count]));
  const labels = [...quiz.options, ...choices.map((c) => c.label).filter((l) => !quiz.options.includes(l))];
  const correct = quiz.correct;
  return labels.map((label) => ({
    label,
    count: counts.get(label) ?? 0,
    ...(correct ? { right: correct.includes(label) } : {}),
  }));
}
