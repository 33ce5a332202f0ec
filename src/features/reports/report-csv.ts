import type {
  TCollaborativeJournal,
  TJournalReportItem,
  TReportObject,
} from '../../shared/contract/reports-routes';
import { toCsv } from '../../shared/domain/csv';
import { formatDateTime } from '../../shared/domain/dates';
import { agoText, type StatementRow } from './dashboard-rows';

/** Export file names (spec 02 §9). */
export const CSV_FILES = {
  mastery: 'report_info.csv',
  submission: 'submission_report.csv',
  journal: 'journal_info.csv',
  collaborative: 'collaborative_journal_reports.csv',
  statements: 'lrs_statements.csv',
} as const;

const personKey = (u: { email: string; name: string }) => u.email || u.name;

/**
 * report_info.csv (spec 02 §5): a Participants column, then four per object and verb — Record
 * (TRUE/FALSE), Raw Score, Max Score, Evidence.
 */
export function masteryCsv(objects: TReportObject[], participantsLabel: string): string {
  const header = [participantsLabel];
  const people = new Map<string, string>();
  for (const o of objects)
    for (const v of o.verbs) {
      header.push(
        `${o.name} - ${v.name} - Record`,
        `${o.name} - ${v.name} - Raw Score`,
        `${o.name} - ${v.name} - Max Score`,
        `${o.name} - ${v.name} - Evidence`,
      );
      for (const u of v.users) people.set(personKey(u), u.name || u.email);
    }
  const rows = [...people.entries()].map(([key, name]) => {
    const row: Array<string | number | boolean | null> = [name];
    for (const o of objects)
      for (const v of o.verbs) {
        const u = v.users.find((x) => personKey(x) === key);
        row.push(!!u?.ticked, u?.score?.raw ?? null, u?.score?.max ?? null, u?.evidence ?? null);
      }
    return row;
  });
  return toCsv(header, rows);
}

/**
 * submission_report.csv: the Submission Report's own table (it used to save the mastery
 * export). Participants, then one column per object and verb; a cell holds what the table shows —
 * the score 'raw / max' and the evidence, ✓ when done with neither, '' when not done.
 */
export function submissionCsv(objects: TReportObject[], participantsLabel: string): string {
  const header = [participantsLabel];
  const people = new Map<string, string>();
  for (const o of objects)
    for (const v of o.verbs) {
      header.push(`${o.name} - ${v.name}`);
      for (const u of v.users) people.set(personKey(u), u.name || u.email);
    }
  const cell = (u: TReportObject['verbs'][number]['users'][number] | undefined): string => {
    if (!u?.ticked) return '';
    const score = u.score && u.score.raw !== null && u.score.max ? `${u.score.raw} / ${u.score.max}` : '';
    return [score, u.evidence ?? ''].filter(Boolean).join(' · ') || '✓';
  };
  const rows = [...people.entries()].map(([key, name]) => [
    name,
    ...objects.flatMap((o) => o.verbs.map((v) => cell(v.users.find((x) => personKey(x) === key)))),
  ]);
  return toCsv(header, rows);
}

/** journal_info.csv: participants by journal, each cell the journal's markdown ('' when none). */
export function journalCsv(items: TJournalReportItem[], participantsLabel: string): string {
  const people = new Map<string, string>();
  for (const j of items) for (const u of j.users) people.set(personKey(u), u.name || u.email);
  const rows = [...people.entries()].map(([key, name]) => [
    name,
    ...items.map((j) => j.users.find((u) => personKey(u) === key)?.journalData?.content ?? ''),
  ]);
  return toCsv([participantsLabel, ...items.map((j) => j.name)], rows);
}

export function collaborativeCsv(list: TCollaborativeJournal[], header: string[]): string {
  return toCsv(
    header,
    list.map((j) => [
      j.name,
      j.collaborators.map((c) => c.name).join(', '),
      j.type,
      formatDateTime(j.latestUpdated),
      j.content,
    ]),
  );
}

/** The columns of the statements export (spec 02 §2): all but Email chosen by default. */
export const STATEMENT_COLUMNS = [
  '#',
  'date',
  'ago',
  'user',
  'email',
  'activity',
  'verb',
  'score',
  'evidence',
] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
export const DEFAULT_STATEMENT_COLUMNS: StatementColumn[] = STATEMENT_COLUMNS.filter((c) => c !== 'email');

export function statementsCsv(
  rows: StatementRow[],
  columns: StatementColumn[],
  labels: Record<StatementColumn, string>,
  lang: string,
  now = new Date(),
): string {
  const chosen = STATEMENT_COLUMNS.filter((c) => columns.includes(c));
  const cell = (r: StatementRow, i: number, c: StatementColumn) => {
    switch (c) {
      case '#':
        return i + 1;
      case 'date':
        return formatDateTime(r.timestamp);
      case 'ago':
        return agoText(r.timestamp, lang, now);
      default:
        return r[c];
    }
  };
  return toCsv(
    chosen.map((c) => labels[c]),
    rows.map((r, i) => chosen.map((c) => cell(r, i, c))),
  );
}
