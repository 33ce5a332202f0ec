import type { ComponentType } from 'react';
import type { TAssignmentDetail } from '../../shared/contract/assignments';

/**
 * The tabs of the assignment detail (spec 02 §2), in their order. They switch by toggle, not by
 * route, and each is its own lazy chunk. The report tabs belong to the reports area: the app hands
 * their loaders in with `provideReportTabs` (a feature may not import another feature); until
 * then each shows an empty state (components/tabs/EmptyReportTab.tsx).
 */
export const DETAIL_TABS = [
  'participants',
  'submissionReport',
  'overview',
  'reports',
  'journal',
  'dashboard',
  'publicAccessLink',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
export type ReportTab = Exclude<DetailTab, 'participants' | 'publicAccessLink'>;

/** What every tab component receives. */
export interface DetailTabProps {
  assignment: TAssignmentDetail;
  orgCode: string;
}
export type TabLoader = () => Promise<{ default: ComponentType<DetailTabProps> }>;

const reportLoaders: Partial<Record<ReportTab, TabLoader>> = {};

export function provideReportTabs(loaders: Partial<Record<ReportTab, TabLoader>>): void {
  Object.assign(reportLoaders, loaders);
}

const own: Record<'participants' | 'publicAccessLink', TabLoader> = {
  participants: () => import('./components/tabs/ParticipantsTab'),
  publicAccessLink: () => import('./components/tabs/PublicLinksTab'),
};
const emptyReport: TabLoader = () => import('./components/tabs/EmptyReportTab');

export function tabLoader(tab: DetailTab): TabLoader {
  if (tab === 'participants' || tab === 'publicAccessLink') return own[tab];
  return reportLoaders[tab] ?? emptyReport;
}

const REPORT_TABS: readonly DetailTab[] = ['submissionReport', 'overview', 'reports', 'journal', 'dashboard'];

/**
 * Tabs hidden by the assignment's disabled flags (spec 02 §6). Reports are for the owner and co-owners
 * only (spec 02 §6), so an organisation admin who is neither sees no report tab (the server says 403).
 */
export function visibleTabs(a: TAssignmentDetail): DetailTab[] {
  return DETAIL_TABS.filter(
    (tab) =>
      !(a.role === 'admin' && REPORT_TABS.includes(tab)) &&
      !(tab === 'submissionReport' && a.disableSubmissionReport) &&
      !(tab === 'dashboard' && a.disableDashboard) &&
      !(tab === 'publicAccessLink' && a.disablePublicAccessLink),
  );
}
