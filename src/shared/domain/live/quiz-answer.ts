import { resolveOption } from '../runtime/quiz-format';

/**
 * What the chart gets from a quiz answer: its first question's answer, as option labels (the chart
 * counts labels), or the typed text; null when that question was left empty.
 */
export function liveQuizAnswerOf(
  request: { questions?: ReadonlyArray<{ id: string; kind: string; options: ReadonlyArray<string> }> },
  responses: Readonly<Record<string, string | string[]>> | undefined,
): { choices: string[] } | { text: string } | null {
  const q = request.questions?.[0];
  const given = q ? responses?.[q.id] : undefined;
  if (!q || given === undefined) return null;
  const list = (Array.isArray(given) ? given : [given]).map(String).filter((s) => s.trim());
  if (q.kind === 'text') return list[0] ? { text: list[0].slice(0, 2000) } : null;
  const labels = list.map((g) => (resolveOption(q.options, g) ?? g).slice(0, 200)).slice(0, 50);
  return labels.length ? { choices: labels } : null;
}
