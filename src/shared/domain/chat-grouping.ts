export type TChatGroup = 'today' | 'previous7Days' | 'previous30Days';

const HOUR_MS = 60 * 60 * 1000;

const timeOf = (v: Date | string | number): number =>
  v instanceof Date ? v.getTime() : new Date(v).getTime();

/**
 * Sidebar bucket by age (spec 03 §5): under 24 h Today, under 168 h Previous 7 Days, else Previous
 * 30 Days. Future times (clock skew) count as today; unreadable times fall in the oldest bucket.
 */
export function chatGroup(timestamp: Date | string | number, now: Date = new Date()): TChatGroup {
  const t = timeOf(timestamp);
  if (Number.isNaN(t)) return 'previous30Days';
  const ageHours = (now.getTime() - t) / HOUR_MS;
  if (ageHours < 24) return 'today';
  if (ageHours < 168) return 'previous7Days';
  return 'previous30Days';
}

/** Buckets chats by age, each bucket newest first (unreadable times last, input order on ties). */
export function groupChats<T>(
  items: T[],
  getTime: (t: T) => Date | string | number,
  now: Date = new Date(),
): { today: T[]; previous7Days: T[]; previous30Days: T[] } {
  const rows = items.map((item) => ({ item, t: timeOf(getTime(item)) }));
  rows.sort((a, b) => {
    if (Number.isNaN(a.t)) return Number.isNaN(b.t) ? 0 : 1;
    if (Number.isNaN(b.t)) return -1;
    return b.t - a.t;
  });
  const groups: { today: T[]; previous7Days: T[]; previous30Days: T[] } = {
    today: [],
    previous7Days: [],
    previous30Days: [],
  };
  for (const row of rows) groups[chatGroup(row.t, now)].push(row.item);
  return groups;
}

/**
 * Display title: the title, else the first 60 characters of the last message, else 'Untitled'.
 * Characters are counted by code point so an emoji is never cut in half.
 */
export function chatTitle(session: { title?: string | null; lastMessage?: string | null }): string {
  const title = session.title?.trim();
  if (title) return title;
  const last = session.lastMessage?.trim();
  if (last) return Array.from(last).slice(0, 60).join('').trimEnd();
  return 'Untitled';
}
