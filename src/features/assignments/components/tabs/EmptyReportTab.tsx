import { useTranslation } from 'react-i18next';
import type { DetailTabProps } from '../../detail-tabs';

/** Placeholder of a report tab until the reports area provides it (detail-tabs.ts). */
export default function EmptyReportTab(_props: DetailTabProps) {
  const { t } = useTranslation('assignment');
  return (
    <div className="empty-state" data-testid="report-tab-empty">
      <p className="empty-state__title">{t('reportsTab.emptyTitle')}</p>
      <p>{t('reportsTab.emptyHint')}</p>
    </div>
  );
}
