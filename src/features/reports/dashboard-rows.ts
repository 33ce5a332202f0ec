import { relativeTime } from '../../shared/domain/dates';
import {
  actorEmail,
  actorName,
  evidenceOf,
  objectName,
  scoreOf,
  scoreText,
  verbId,
  verbName,
} from '../../shared/domain/statement-view';

/** One row of the dashboard's statements table (spec 02 §2 LRS Assignment Dashboard). */
export interface StatementRow {
  key: string;
  timestamp: string;
  user: string;
  email: string;
  activityId: string;
  activity: string;
  verbId: string;
  verb: string;
  score: string;
  scoreRaw: number | null;
  evidence: string;
  statement: Record<string, unknown>;
}

/** A participant behind a cmi5 account actor (the dashboard's `people`): the account name is their user id. */
export type AccountPerson = { account: string; name: string; email: string };

export function toRows(
  statements: Record<string, unknown>[],
  lang?: string,
  people: AccountPerson[] = [],
): StatementRow[] {
  const byAccount = new Map(people.map((p) => [p.account, p]));
  return statements.map((s, i) => {
    const score = scoreOf(s);
    const o = s.object as { id?: string } | undefined;
    const account = (s.actor as { account?: { name?: unknown } } | undefined)?.account?.name;
    const person = typeof account === 'string' ? byAccount.get(account) : undefined;
    return {
      key: typeof s.id === 'string' ? s.id : String(i),
      timestamp: typeof s.timestamp === 'string' ? s.timestamp : '',
      user: person?.name ?? actorName(s),
      email: person?.email ?? actorEmail(s),
      activityId: o?.id ?? '',
      activity: objectName(s, lang),
      verbId: verbId(s),
      verb: verbName(s, lang),
      score: scoreText(score),
      scoreRaw: score?.raw ?? null,
      evidence: evidenceOf(s) ?? '',
      statement: s,
    };
  });
}

/** Keeps the newest statement of each user and activity ('Show latest statement per user per activity'). */
export function latestPerUserActivity(rows: StatementRow[]): StatementRow[] {
  const seen = new Map<string, StatementRow>();
  for (const r of rows) {
    const k = `${r.email || r.user}\u0000${r.activityId}`;
    const had = seen.get(k);
    if (!had || r.timestamp > had.timestamp) seen.set(k, r);
  }
  const keep = new Set(seen.values());
  return rows.filter((r) => keep.has(r));
}

/** Rows with the text in any column (case-insensitive). */
export function filterRows(rows: StatementRow[], text: string): StatementRow[] {
  const q = text.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) =>
    [r.timestamp, r.user, r.email, r.activity, r.verb, r.score, r.evidence].some((v) =>
      v.toLowerCase().includes(q),
    ),
  );
}

export const SORT_COLUMNS = ['date', 'ago', 'user', 'activity', 'verb', 'score', 'evidence'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export function sortRows(rows: StatementRow[], column: SortColumn, dir: 'asc' | 'desc'): StatementRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const value = (r: StatementRow): string | number => {
    switch (column) {
      case 'date':
        return r.timestamp;
      case 'ago': // older is longer ago
        return -Date.parse(r.timestamp || '0');
      case 'score':
        return r.scoreRaw ?? Number.NEGATIVE_INFINITY;
      default:
        return r[column].toLowerCase();
    }
  };
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}

/** '5 minutes ago' in the user's language (spec 02 §5 relative time scale). */
export function agoText(timestamp: string, lang: string, now = new Date()): string {
  if (!timestamp) return '';
  const { value, unit } = relativeTime(timestamp, now);
  return new Intl.RelativeTimeFormat(lang, { numeric: 'always' }).format(-value, unit);
}

/** Fixed verb colours (spec 02 §5); other verbs grey. */
export const VERB_COLOURS: Record<string, string> = {
  completed: '#16a34a',
  answered: '#2563eb',
  mastered: '#7c3aed',
  experienced: '#0891b2',
  launched: '#ea580c',
  progressed: '#ca8a04',
  viewed: '#0d9488',
  failed: '#dc2626',
  passed: '#65a30d',
  instructed: '#db2777',
  customed: '#4f46e5',
};
export const verbColour = (name: string) => VERB_COLOURS[name.toLowerCase()] ?? '#64748b';
