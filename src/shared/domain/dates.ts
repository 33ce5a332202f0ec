import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

type TDateInput = string | number | Date | null | undefined;

function toDayjs(v: TDateInput): dayjs.Dayjs | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = dayjs(v);
  return d.isValid() ? d : undefined;
}

/**
 * Spec 01 §5's patterns suit languages that write day, month and year in that order with month
 * names; Chinese writes year, month, day with 年月日, so its dates take dayjs's own locale formats
 * ('28 11月 2026' would read as nonsense).
 */
const OWN_ORDER = new Set(['zh-cn']);
const pattern = (spec: string, localised: string) => (OWN_ORDER.has(dayjs.locale()) ? localised : spec);

/** '5 Mar 2026 3:07 PM' in local time ('2026年3月5日下午3点07分' in Chinese); '' when missing or invalid. */
export function formatDateTime(v: TDateInput): string {
  return toDayjs(v)?.format(pattern('D MMM YYYY h:mm A', 'LLL')) ?? '';
}

/** '05 Mar 2026' in local time ('2026年3月5日' in Chinese); '' when missing or invalid. */
export function formatDateShort(v: TDateInput): string {
  return toDayjs(v)?.format(pattern('DD MMM YYYY', 'LL')) ?? '';
}

export type TRelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Elapsed time from `from` to `now` in the largest fitting unit (spec 02 §5): days below 30 days,
 * then 30-day months, then 360-day years. Future or invalid times count as 0 seconds so clock skew
 * never shows a negative age.
 */
export function relativeTime(
  from: Date | string | number,
  now: Date = new Date(),
): { value: number; unit: TRelativeUnit } {
  const start = from instanceof Date ? from.getTime() : new Date(from).getTime();
  const diff = Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now.getTime() - start) / 1000));
  if (diff < MINUTE) return { value: diff, unit: 'second' };
  if (diff < HOUR) return { value: Math.floor(diff / MINUTE), unit: 'minute' };
  if (diff < DAY) return { value: Math.floor(diff / HOUR), unit: 'hour' };
  const days = Math.floor(diff / DAY);
  if (days < 30) return { value: days, unit: 'day' };
  if (days < 360) return { value: Math.floor(days / 30), unit: 'month' };
  return { value: Math.floor(days / 360), unit: 'year' };
}

/**
 * m:ss for a countdown ('2:00', '0:09'). Fractions round up so '0:00' appears only once time is
 * really over; negatives and NaN show '0:00'.
 */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
