import type { TDashboardData } from '../../shared/contract/reports-routes';
import {
  actorName,
  evidenceOf,
  objectName,
  scoreOf,
  scoreText,
  verbName,
} from '../../shared/domain/statement-view';

/** Statements described to the model (the newest first; the dashboard's own table shows the same order). */
export const SUMMARY_STATEMENTS_MAX = 200;
/** Characters of one evidence text (a long journal answer is cut). */
const EVIDENCE_CHARS = 160;
/** Characters of the whole summary: the prompt stays bounded whatever the assignment holds. */
export const SUMMARY_CHARS_MAX = 24_000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A compact, bounded text of what the dashboard shows: the counts, the verbs and one line per
 * statement (time, learner's name, verb, activity, score, evidence). E-mail addresses and the raw
 * statements are left out: the model needs what the teacher sees, not the learners' identifiers.
 */
export function dashboardSummary(data: TDashboardData, verbLabel: string | null): string {
  const head = [
    `Total statements: ${data.totalStatements}`,
    `Active participants: ${data.activeParticipants}`,
    `Session completion: ${Math.min(100, data.sessionCompletion)}%`,
    `Verbs (count): ${data.verbs.map((v) => `${v.name} (${v.count})`).join(', ') || 'none'}`,
    `Shown: ${verbLabel ? `statements with the verb "${verbLabel}"` : 'all verbs'}, ${data.matching} in all`,
  ];
  const lines: string[] = [];
  let size = head.join('\n').length;
  for (const s of data.statements.slice(0, SUMMARY_STATEMENTS_MAX)) {
    const score = scoreText(scoreOf(s));
    const evidence = evidenceOf(s);
    const line = [
      typeof s.timestamp === 'string' ? s.timestamp : '',
      actorName(s),
      verbName(s),
      objectName(s),
      score === '-' ? '' : `score ${score}`,
      evidence ? `evidence "${clip(oneLine(evidence), EVIDENCE_CHARS)}"` : '',
    ]
      .filter(Boolean)
      .join(' | ');
    if (size + line.length + 1 > SUMMARY_CHARS_MAX) break;
    lines.push(line);
    size += line.length + 1;
  }
  const left = data.matching - lines.length;
  return [
    ...head,
    `Statements listed below: ${lines.length}${left > 0 ? ` (${left} older ones are not listed)` : ''}`,
    ...lines,
  ].join('\n');
}

/**
 * The system message of the dashboard's chat: the task and the data. The teacher's question is the
 * user message on its own, so a provider tells instruction and data from the question, and the offline
 * placeholder repeats the question only, never the learners' records.
 */
export function dashboardSystemPrompt(summary: string): string {
  return [
    'You help a teacher read the xAPI learning records of one assignment, as its dashboard shows them.',
    "Answer the teacher's question only from the data below; say so when it does not hold the answer. Be brief.",
    '--- Dashboard data ---',
    summary,
  ].join('\n');
}
