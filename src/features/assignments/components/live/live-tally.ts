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
