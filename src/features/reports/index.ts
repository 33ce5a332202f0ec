import './reports.css';

/**
 * The report tabs of the assignment detail, each its own lazy chunk. The app hands them to the
 * assignments feature with provideReportTabs (a feature never imports another feature).
 */
export const reportTabLoaders = {
  submissionReport: () => import('./components/SubmissionReportTab'),
  overview: () => import('./components/OverviewTab'),
  reports: () => import('./components/MasteryTab'),
  journal: () => import('./components/JournalTab'),
  dashboard: () => import('./components/DashboardTab'),
};
