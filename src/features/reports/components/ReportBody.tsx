import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { SkeletonRows } from '../../../ui/Skeleton';

/** What ReportBody needs of useLoad's answer. */
export interface ReportLoad {
  data: unknown;
  loading: boolean;
  error: boolean;
  reload?: () => unknown;
}

/**
 * The body of every report: four skeleton rows while the first answer loads, the failure text with
 * Try again when it failed and nothing was loaded before, the empty text (and picture) when there is
 * nothing to show, else the report itself. A reload keeps the last answer on screen.
 */
export function ReportBody({
  load,
  empty,
  emptyText,
  picture,
  children,
}: {
  load: ReportLoad;
  empty: boolean;
  emptyText: string;
  /** An emoji drawn above the empty text (decorative). */
  picture?: string;
  /** The report; a function when it may only be built once the data is there. */
  children: ReactNode | (() => ReactNode);
}) {
  const { t } = useTranslation('reports');
  if (load.loading && !load.data) return <SkeletonRows count={4} label={t('loadingLabel')} />;
  if (load.error && !load.data)
    return (
      <div className="report-empty report-empty--failed" role="alert" data-testid="report-failed">
        <p>{t('failed')}</p>
        {load.reload && (
          <Button variant="secondary" size="sm" onClick={() => void load.reload?.()}>
            {t('retry')}
          </Button>
        )}
      </div>
    );
  if (empty)
    return (
      <div className="report-empty" data-testid="report-empty">
        {picture && (
          <div className="report-empty__picture" aria-hidden="true">
            {picture}
          </div>
        )}
        <p>{emptyText}</p>
      </div>
    );
  return <>{typeof children === 'function' ? children() : children}</>;
}
