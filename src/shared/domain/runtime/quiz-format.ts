import type { TQuizQuestionForLearner } from './learner';
import { isRecord, type TJson } from './values';

/**
 * The quiz JSON a Quiz block reads (from its `quiz` input, e.g. Generate Questions with AI, or its own
 * data.quiz). Read leniently, because authors and models write it in many shapes:
 *   { title?, passScore?, questions: [ { id?, question, options?, answer?, points? } ] }  or the bare array.
 * A question is `question | text | prompt`; options are `options | choices` (strings, or objects with
 * `text | label` and `correct | isCorrect`); the answer is `answer | correctAnswer | correct |
 * correctAnswers`: an option's text, its index, its letter, or several. No options → a typed answer.
 */
export type TQuizQuestion = TQuizQuestionForLearner & { correct: string[]; points: number };
export type TQuiz = { title: string; passScore?: number; questions: TQuizQuestion[] };

const MAX_QUESTIONS = 200;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const first = (o: Record<string, unknown>, keys: string[]): unknown =>
  keys.map((k) => o[k]).find((v) => v != null);

/** An option by its text, its index ("0", 0) or its letter ("A", "b"); undefined when none matches. */
export function resolveOption(options: ReadonlyArray<string>, given: unknown): string | undefined {
  const s = str(given)?.trim();
  if (s === undefined || s === '') return undefined;
  const exact = options.find((o) => o.trim().toLowerCase() === s.toLowerCase());
  if (exact !== undefined) return exact;
  if (/^\d+$/.test(s)) return options[Number(s)];
  if (/^[A-Za-z]$/.test(s)) return options[s.toUpperCase().charCodeAt(0) - 65];
  return undefined;
}

function parseQuestion(raw: unknown, i: number): TQuizQuestion | undefined {
  if (!isRecord(raw)) return undefined;
  const prompt = str(first(raw, ['question', 'text', 'prompt', 'title']))?.trim();
  if (!prompt) return undefined;
  const rawOptions = first(raw, ['options', 'choices']);
  const options: string[] = [];
  const markedCorrect: string[] = [];
  if (Array.isArray(rawOptions)) {
    for (const o of rawOptions) {
      const label = isRecord(o) ? str(first(o, ['text', 'label', 'value'])) : str(o);
      if (label === undefined || label.trim() === '') continue;
      options.push(label);
      if (isRecord(o) && (o.correct === true || o.isCorrect === true)) markedCorrect.push(label);
    }
  }
  const answer = first(raw, ['answer', 'correctAnswer', 'correct', 'correctAnswers']);
  const answers = (Array.isArray(answer) ? answer : answer === undefined ? [] : [answer]).filter(
    (a) => typeof a === 'string' || typeof a === 'number',
  );
  const correct = options.length
    ? [
        ...new Set([
          ...markedCorrect,
          ...answers.map((a) => resolveOption(options, a)).filter((a) => a !== undefined),
        ]),
      ]
    : answers.map((a) => String(a));
  const points = Number(raw.points ?? 1);
  const kind =
    options.length === 0
      ? 'text'
      : correct.length > 1 || raw.multiple === true || raw.kind === 'multiple'
        ? 'multiple'
        : 'single';
  const id = str(raw.id)?.trim() || `q${i + 1}`;
  return { id, prompt, kind, options, correct, points: Number.isFinite(points) && points > 0 ? points : 1 };
}

export function parseQuiz(json: TJson | undefined): TQuiz | undefined {
  const root = Array.isArray(json) ? { questions: json } : isRecord(json) ? json : undefined;
  if (!root) return undefined;
  const list = first(root, ['questions', 'items', 'quiz']);
  if (!Array.isArray(list)) return undefined;
  const seen = new Set<string>();
  const questions: TQuizQuestion[] = [];
  list.slice(0, MAX_QUESTIONS).forEach((q, i) => {
    const parsed = parseQuestion(q, i);
    if (!parsed) return;
    if (seen.has(parsed.id)) parsed.id = `${parsed.id}-${i + 1}`;
    seen.add(parsed.id);
    questions.push(parsed);
  });
  if (questions.length === 0) return undefined;
  const pass = Number(root.passScore);
  return {
    title: str(root.title) ?? '',
    ...(Number.isFinite(pass) && root.passScore != null ? { passScore: pass } : {}),
    questions,
  };
}

export type TQuizScore = { score: number; baseScore: number; lines: string[] };

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Score: the points of each question answered right (a multiple-answer question needs exactly the right
 * set). baseScore: the points of the questions that have a right answer (a question without one is
 * asked but not scored).
 */
export function scoreQuiz(quiz: TQuiz, responses: Readonly<Record<string, string | string[]>>): TQuizScore {
  let score = 0;
  let baseScore = 0;
  const lines: string[] = [];
  for (const q of quiz.questions) {
    const given = responses[q.id];
    const list = (Array.isArray(given) ? given : given === undefined ? [] : [given]).map(String);
    const chosen = q.options.length
      ? list.map((g) => resolveOption(q.options, g)).filter((g): g is string => g !== undefined)
      : list;
    lines.push(`${q.prompt}: ${chosen.join(', ')}`);
    if (q.correct.length === 0) continue;
    baseScore += q.points;
    const right =
      q.kind === 'text'
        ? chosen.length > 0 && q.correct.some((c) => norm(c) === norm(chosen[0]))
        : new Set(chosen).size === q.correct.length && q.correct.every((c) => chosen.includes(c));
    if (right) score += q.points;
  }
  return { score, baseScore, lines };
}

/** The quiz as the learner sees it: no right answers in it. */
export const quizForLearner = (quiz: TQuiz): TQuizQuestionForLearner[] =>
  quiz.questions.map(({ id, prompt, kind, options }) => ({ id, prompt, kind, options }));
