import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { showToast, TOAST_MS } from '../../../ui/surfaces';
import {
  agoText,
  filterRows,
  latestPerUserActivity,
  type SortColumn,
  type StatementRow,
  sortRows,
  verbColour,
} from '../dashboard-rows';
import { useVerbLabel } from '../verb-label';
import { Initials } from './common';

const ROW_HEIGHT = 44;
const VIEWPORT_ROWS = 12;
const HEADERS: SortColumn[] = ['date', 'ago', 'user', 'activity', 'verb', 'score', 'evidence'];

function DetailsDialog({ row, onClose }: { row: StatementRow; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const json = JSON.stringify(row.statement, null, 2);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      showToast({
        type: 'Success',
        title: t('dashboard.copied'),
        message: t('dashboard.copiedText'),
        durationMs: TOAST_MS.standard,
      });
    } catch {
      showToast({
        type: 'Error',
        title: t('dashboard.error'),
        message: t('dashboard.copyFailed'),
        durationMs: TOAST_MS.standard,
      });
    }
  };
  return (
    <Dialog
      title={t('dashboard.statementDetails')}
      onClose={onClose}
      wide
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={() => void copy()}>{t('dashboard.copyJson')}</Button>
        </>
      }
    >
      <pre className="statement-json" data-testid="statement-json">
        {json}
      </pre>
    </Dialog>
  );
}

/**
 * The statements table (spec 02 §2): a filter across every column, newest per user and activity,
 * sortable columns, and rows drawn only where the viewport is (5,000 rows stay smooth).
 */
export function StatementsTable({ rows, now }: { rows: StatementRow[]; now?: Date }) {
  const { t, i18n } = useTranslation('reports');
  const verbLabel = useVerbLabel();
  const [text, setText] = useState('');
  const [latestOnly, setLatestOnly] = useState(false);
  const [sort, setSort] = useState<{ column: SortColumn; dir: 'asc' | 'desc' }>({
    column: 'date',
    dir: 'desc',
  });
  const [top, setTop] = useState(0);
  const [details, setDetails] = useState<StatementRow | null>(null);
  const shown = useMemo(() => {
    const base = latestOnly ? latestPerUserActivity(rows) : rows;
    return sortRows(filterRows(base, text), sort.column, sort.dir);
  }, [rows, text, latestOnly, sort]);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - 2);
  const visible = shown.slice(first, first + VIEWPORT_ROWS + 4);
  const toggle = (column: SortColumn) =>
    setSort((s) => ({ column, dir: s.column === column && s.dir === 'desc' ? 'asc' : 'desc' }));
  return (
    <div className="statements">
      <div className="statements__tools">
        <input
          type="search"
          className="input statements__filter"
          placeholder={t('dashboard.filter')}
          aria-label={t('dashboard.filter')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label>
          <input type="checkbox" checked={latestOnly} onChange={(e) => setLatestOnly(e.target.checked)} />{' '}
          {t('dashboard.latestOnly')}
        </label>
      </div>
      <div
        className="statements__viewport"
        style={{ maxHeight: ROW_HEIGHT * (VIEWPORT_ROWS + 1), overflowY: 'auto' }}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
      >
        <table className="report-table" data-testid="statements-table" data-rows={shown.length}>
          <thead>
            <tr>
              {HEADERS.map((h) => (
                <th
                  key={h}
                  aria-sort={sort.column === h ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button type="button" className="sort-button" onClick={() => toggle(h)}>
                    {t(`dashboard.columns.${h}`)}
                    {sort.column === h ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                  </button>
                </th>
              ))}
              <th>{t('dashboard.details')}</th>
            </tr>
          </thead>
          <tbody>
            {first > 0 && <tr style={{ height: first * ROW_HEIGHT }} className="statements__spacer" />}
            {visible.map((r) => (
              <tr key={r.key} style={{ height: ROW_HEIGHT }}>
                <td>{formatDateTime(r.timestamp)}</td>
                <td>{agoText(r.timestamp, i18n.language, now)}</td>
                <td className="report-person">
                  <Initials name={r.user} />{' '}
                  <span className="cell-clip" title={r.user}>
                    {r.user}
                  </span>
                </td>
                <td>
                  <span className="cell-clip" title={r.activity}>
                    {r.activity}
                  </span>
                </td>
                <td>
                  <span
                    className="verb-chip"
                    style={{ borderColor: verbColour(r.verb), background: `${verbColour(r.verb)}1f` }}
                  >
                    {verbLabel(r.verb)}
                  </span>
                </td>
                <td>{r.score}</td>
                <td>
                  <span className="cell-clip" title={r.evidence}>
                    {r.evidence}
                  </span>
                </td>
                <td>
                  <Button size="sm" variant="ghost" onClick={() => setDetails(r)}>
                    {t('dashboard.details')}
                  </Button>
                </td>
              </tr>
            ))}
            {first + visible.length < shown.length && (
              <tr
                style={{ height: (shown.length - first - visible.length) * ROW_HEIGHT }}
                className="statements__spacer"
              />
            )}
          </tbody>
        </table>
      </div>
      {details && <DetailsDialog row={details} onClose={() => setDetails(null)} />}
    </div>
  );
}
