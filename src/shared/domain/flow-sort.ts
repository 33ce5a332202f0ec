import { naturalCompare } from './natural-sort';

export type TFlowSort = 'default' | 'ascending' | 'descending' | 'A-Z' | 'Z-A';

/**
 * Labels are what users see (spec 02 §3). 'ascending' is labelled 'Latest Updated', so it puts the
 * most recently updated flow first; 'descending' ('Earliest Updated') puts the oldest first.
 */
export const FLOW_SORT_OPTIONS: ReadonlyArray<{ value: TFlowSort; label: string }> = [
  { value: 'default', label: 'Default' },
  { value: 'ascending', label: 'Latest Updated' },
  { value: 'descending', label: 'Earliest Updated' },
  { value: 'A-Z', label: 'A-Z' },
  { value: 'Z-A', label: 'Z-A' },
];

type TSortable = { name?: string | null; updatedAt?: string | Date | null };

function timeOf(v: string | Date | null | undefined): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const t = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

// Missing values go last whatever the direction, so only present values are compared with `sign`.
function missingLast<V>(
  a: V | undefined,
  b: V | undefined,
  cmp: (x: V, y: V) => number,
  sign: number,
): number {
  if (a === undefined) return b === undefined ? 0 : 1;
  if (b === undefined) return -1;
  return sign * cmp(a, b);
}

const byNumber = (x: number, y: number): number => x - y;

/** Returns a new array sorted per spec 01 §4; ties keep their input order. */
export function sortFlows<T extends TSortable>(items: T[], sort: TFlowSort): T[] {
  const out = [...items];
  if (sort === 'ascending' || sort === 'descending') {
    const sign = sort === 'ascending' ? -1 : 1;
    return out.sort((a, b) => missingLast(timeOf(a.updatedAt), timeOf(b.updatedAt), byNumber, sign));
  }
  if (sort === 'A-Z' || sort === 'Z-A') {
    const nameOf = (t: T): string | undefined => t.name?.trim() || undefined;
    const sign = sort === 'A-Z' ? 1 : -1;
    return out.sort((a, b) => missingLast(nameOf(a), nameOf(b), naturalCompare, sign));
  }
  return out;
}
