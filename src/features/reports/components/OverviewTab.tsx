import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LATEST_SORTS,
  type TLatestActivity,
  type TLatestSort,
} from '../../../shared/contract/reports-routes';
import { capCount } from '../../../shared/domain/report-rules';
import { agoText } from '../dashboard-rows';
import { reportPath, reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { useVerbLabel } from '../verb-label';
import { useLoad } from './common';
import { ReportSection } from './ReportSection';

const FIRST = 3;

/** One collapsible flow row: icon, name, count (999+), cost; expanded, its records (3, then View All). */
export function ActivityRow({ item, now }: { item: TLatestActivity; now?: Date }) {
  const { t, i18n } = useTranslation('reports');
  const verbLabel = useVerbLabel();
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const records = all ? item.records : item.records.slice(0, FIRST);
  return (
    <li className="activity-row">
      <button
        type="button"
        className="activity-row__head"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {item.flow.iconUrl ? (
          <img src={item.flow.iconUrl} alt="" width={28} height={28} />
        ) : (
          <span aria-hidden="true">▤</span>
        )}
        <span className="activity-row__name">{item.flow.name}</span>
        <span>
          {t('overview.totalRecorded')}:{' '}
          <strong data-testid="activity-total">{capCount(item.totalRecords)}</strong>
        </span>
        <span>
          {t('overview.totalCost')}: <strong>{item.totalCost}</strong>
        </span>
      </button>
      {open && (
        <div className="activity-row__body">
          {item.records.length === 0 ? (
            <p className="report-muted">{t('overview.noActivity')}</p>
          ) : (
            <ul>
              {records.map((r) => (
                <li key={`${r.timestamp}${r.actor}${r.verb}${r.object}`} className="activity-record">
                  <strong>{r.actor}</strong> {verbLabel(r.verb)} <em>{r.object}</em>{' '}
                  <span className="report-muted">{agoText(r.timestamp, i18n.language, now)}</span>
                </li>
              ))}
            </ul>
          )}
          {item.records.length > FIRST && (
            <button type="button" className="link-button" onClick={() => setAll(!all)}>
              {all ? t('overview.viewLess') : t('overview.viewAll')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Overview tab: latest activities per flow (spec 02 §2). */
export default function OverviewTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('reports');
  const [sortBy, setSortBy] = useState<TLatestSort>('default');
  const load = useLoad(
    () => reportsApi.latest(assignment._id, sortBy),
    `${assignment._id}${sortBy}`,
    reportPath(assignment._id, 'latest-activities'),
  );
  const list = load.data?.latestActivities ?? [];
  const empty = list.every((l) => l.totalRecords === 0);
  return (
    <ReportSection
      testId="overview-report"
      title={t('overview.title')}
      load={load}
      empty={empty}
      emptyText={t('overview.noActivity')}
      picture="🕊"
      actions={
        <label>
          {t('overview.sort')}{' '}
          <select value={sortBy} onChange={(e) => setSortBy(e.target.value as TLatestSort)}>
            {LATEST_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`overview.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <ul className="activity-list">
        {list.map((item) => (
          <ActivityRow key={item.flow._id} item={item} />
        ))}
      </ul>
    </ReportSection>
  );
}
