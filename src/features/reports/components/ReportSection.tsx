import type { ReactNode } from 'react';
import { ExportButton, ReportHeader } from './common';
import { ReportBody, type ReportLoad } from './ReportBody';

/**
 * One report of a tab: the title with its actions (Export CSV when `csv` is given, else `actions`),
 * the saved-copy note, and the body with its loading, failure and empty states.
 */
export function ReportSection({
  testId,
  title,
  load,
  empty,
  emptyText,
  picture,
  csv,
  actions,
  children,
}: {
  testId: string;
  title: string;
  load: ReportLoad & { savedAt?: string };
  empty: boolean;
  emptyText: string;
  picture?: string;
  csv?: { file: string; build: () => string };
  actions?: ReactNode;
  children: ReactNode | (() => ReactNode);
}) {
  return (
    <section className="report" data-testid={testId}>
      <ReportHeader title={title} savedAt={load.savedAt}>
        {csv ? <ExportButton empty={empty} file={csv.file} build={csv.build} /> : actions}
      </ReportHeader>
      <ReportBody load={load} empty={empty} emptyText={emptyText} picture={picture}>
        {children}
      </ReportBody>
    </section>
  );
}
