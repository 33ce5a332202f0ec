import type { TAssignmentType } from '../../shared/contract/assignments';
import type { TPaymentOption } from '../../shared/contract/tools';

/** What the two-step wizard holds (spec 02 §2 Create and edit wizard, §5). */
export interface WizardState {
  flowIds: string[];
  name: string;
  description: string;
  type: TAssignmentType;
  payment: TPaymentOption | '';
  /** yyyy-mm-dd or '' for no end date. */
  endDate: string;
  /** HH:MM, 24-hour. */
  endTime: string;
}

export const DEFAULT_END_TIME = '23:59';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isTime = (value: string) => TIME.test(value);

/** The type that fits the number of flows until the author picks one. */
export const typeFor = (flowCount: number): TAssignmentType => (flowCount > 1 ? 'Multi' : 'single');

/** The ISO end date built from a local date and an HH:MM time; null without a date or when invalid. */
export function endDateIso(date: string, time: string): string | null {
  if (!DATE.test(date) || !isTime(time)) return null;
  const d = new Date(`${date}T${time}:00`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Splits an ISO end date back into the local date and time fields (edit wizard). */
export function splitEndDate(iso: string | null): { endDate: string; endTime: string } {
  if (!iso) return { endDate: '', endTime: DEFAULT_END_TIME };
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    endDate: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    endTime: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

export type WizardProblem = 'noFlows' | 'noName' | 'noTime' | 'noPayment' | 'endInPast';

/** Step 0 may go on once a flow is chosen. */
export const canLeaveFlows = (s: Pick<WizardState, 'flowIds'>) => s.flowIds.length > 0;

/**
 * Why the wizard cannot submit yet (empty when it can): at least one flow, a name, a time and a
 * payment option (spec 02 §5), and an end, when one is given, that is still ahead.
 */
export function wizardProblems(s: WizardState, now: Date = new Date()): WizardProblem[] {
  const out: WizardProblem[] = [];
  if (!canLeaveFlows(s)) out.push('noFlows');
  if (!s.name.trim()) out.push('noName');
  if (!isTime(s.endTime)) out.push('noTime');
  if (!s.payment) out.push('noPayment');
  const end = endDateIso(s.endDate, s.endTime);
  if (end && new Date(end).getTime() <= now.getTime()) out.push('endInPast');
  return out;
}
