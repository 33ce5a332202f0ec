import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TDashboardData, TLineChartPoint, TTopActivity } from '../../../shared/contract/reports-routes';
import { Button } from '../../../ui/Button';
import { forgetSavedCopy, savedCopies } from '../../../ui/saved-copies';
import { toRows } from '../dashboard-rows';
import { rememberedLive, rememberLive } from '../live-choice';
import { reportPath, reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { useVerbLabel } from '../verb-label';
import { CsvExportDialog } from './CsvExportDialog';
import { SavedCopyNote } from './common';
import { DashboardChatPanel } from './DashboardChatPanel';
import { ReportBody } from './ReportBody';
import { StatementsTable } from './StatementsTable';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

/** Live refresh period (spec 02 §9). */
export const LIVE_REFRESH_MS = 5000;

interface Loaded {
  data: TDashboardData;
  graph: TLineChartPoint[];
  top: TTopActivity[];
}

/** Refetches every 5 s while on and the page is visible; stops when hidden or off. */
export function useLive(on: boolean, refresh: () => void, periodMs = LIVE_REFRESH_MS) {
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (!timer && !document.hidden) timer = setInterval(refresh, periodMs);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.hidden) stop();
      else {
        refresh();
        start();
      }
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [on, refresh, periodMs]);
}

/** Dashboard tab: the LRS Assignment Dashboard (spec 02 §2, §4). */
export default function DashboardTab({ assignment }: DetailTabProps) {
  const { t, i18n } = useTranslation('reports');
  const verbLabel = useVerbLabel();
  // Counts grouped as the language writes them (1,010 · 1.010), as in the interpolated texts.
  const grouped = new Intl.NumberFormat(i18n.language);
  const n = (v: number) => grouped.format(v);
  const [state, setState] = useState<'idle' | 'fetching' | 'fetched'>('idle');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [live, setLive] = useState(rememberedLive);
  const [verb, setVerb] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const id = assignment._id;
  const path = reportPath(id, 'lrs-dashboard');
  const savedAt = useSnapshot(savedCopies)[path];

  const fetchAll = useCallback(async () => {
    forgetSavedCopy(path);
    try {
      const [d, g, top] = await Promise.all([
        reportsApi.dashboard(id),
        reportsApi.lineChart(id),
        reportsApi.top(id),
      ]);
      setLoaded({ data: d.dashboardData, graph: g.graph, top: top.topActivities });
      setFailed(false);
    } catch {
      setFailed(true);
    }
    setState('fetched');
  }, [id, path]);
  const refresh = useCallback(() => void fetchAll(), [fetchAll]);
  useLive(live && state === 'fetched', refresh);

  const rows = useMemo(
    () => toRows(loaded?.data.statements ?? [], i18n.language, loaded?.data.people),
    [loaded, i18n.language],
  );
  const verbRows = verb ? rows.filter((r) => r.verbId === verb) : rows;
  const verbs = loaded?.data.verbs ?? [];
  const selected = verbs.find((v) => v.id === verb);

  if (state !== 'fetched')
    return (
      <section className="report dashboard" data-testid="dashboard">
        <Button
          disabled={state === 'fetching'}
          onClick={() => {
            setState('fetching');
            void fetchAll();
          }}
        >
          {state === 'fetching' ? t('loading') : t('dashboard.getData')}
        </Button>
      </section>
    );

  const d = loaded?.data;
  return (
    <section className={`report dashboard${chatOpen ? ' dashboard--chat' : ''}`} data-testid="dashboard">
      <div className="dashboard__bar">
        <label className="live-toggle">
          <input
            type="checkbox"
            role="switch"
            aria-checked={live}
            checked={live}
            onChange={(e) => {
              setLive(e.target.checked);
              rememberLive(e.target.checked);
            }}
          />{' '}
          {t('dashboard.live')}
        </label>
        <Button variant="secondary" disabled={rows.length === 0} onClick={() => setExporting(true)}>
          {t('exportCsv')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={chatOpen}
          aria-controls="dashboard-chat"
          onClick={() => setChatOpen((open) => !open)}
        >
          {t('dashboardChat.open')}
        </Button>
      </div>
      {chatOpen && <DashboardChatPanel assignmentId={id} verb={verb} onClose={() => setChatOpen(false)} />}
      <SavedCopyNote savedAt={savedAt} />
      <ReportBody
        load={{ data: d, loading: false, error: failed, reload: refresh }}
        // Nothing recorded yet: the spec's empty text (02 §8) instead of zeros and empty charts.
        empty={d?.totalStatements === 0}
        emptyText={t('noRecords')}
      >
        {() =>
          d && (
            <>
              <div className="kpis" data-testid="kpis">
                <div className="kpi">
                  <span>{t('dashboard.totalStatements')}</span>
                  <strong data-testid="kpi-total">{n(d.totalStatements)}</strong>
                </div>
                <div className="kpi">
                  <span>{t('dashboard.activeParticipants')}</span>
                  <strong>{n(d.activeParticipants)}</strong>
                </div>
                <div className="kpi">
                  <span>{t('dashboard.topVerb')}</span>
                  <strong>{verbs[0] ? verbLabel(verbs[0].name) : '-'}</strong>
                </div>
                <div className="kpi">
                  <span>{t('dashboard.sessionCompletion')}</span>
                  <strong>{Math.min(100, d.sessionCompletion)}%</strong>
                </div>
              </div>
              <Suspense fallback={<div className="dashboard-charts dashboard-charts--loading" />}>
                <DashboardCharts
                  verbs={verbs}
                  graph={loaded?.graph ?? []}
                  top={loaded?.top ?? []}
                  format={n}
                />
              </Suspense>
              <div className="verb-tabs" role="tablist">
                <button type="button" role="tab" aria-selected={verb === null} onClick={() => setVerb(null)}>
                  {t('dashboard.allVerbs')} ({n(d.totalStatements)})
                </button>
                {verbs.slice(0, 5).map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    role="tab"
                    aria-selected={verb === v.id}
                    onClick={() => setVerb(v.id)}
                  >
                    {verbLabel(v.name)} ({n(v.count)})
                  </button>
                ))}
                {verbs.length > 5 && (
                  <select
                    aria-label={t('dashboard.moreVerbs')}
                    value={verbs.slice(5).some((v) => v.id === verb) ? (verb ?? '') : ''}
                    onChange={(e) => setVerb(e.target.value || null)}
                  >
                    <option value="">{t('dashboard.moreVerbs')}</option>
                    {verbs.slice(5).map((v) => (
                      <option key={v.id} value={v.id}>
                        {verbLabel(v.name)} ({n(v.count)})
                      </option>
                    ))}
                  </select>
                )}
              </div>
              <h3 data-testid="statements-title">
                {t('dashboard.statements', {
                  verb: selected ? verbLabel(selected.name) : t('dashboard.allVerbs'),
                  count: selected?.count ?? d.totalStatements,
                })}
              </h3>
              {verbRows.length < (selected?.count ?? d.totalStatements) && (
                // The dashboard reads the newest statements only (the server's default page of them).
                <p className="dashboard__partial" data-testid="statements-partial">
                  {t('dashboard.partial', {
                    shown: verbRows.length,
                    count: selected?.count ?? d.totalStatements,
                  })}
                </p>
              )}
              <StatementsTable rows={verbRows} />
            </>
          )
        }
      </ReportBody>
      {exporting && <CsvExportDialog rows={verbRows} onClose={() => setExporting(false)} />}
    </section>
  );
}
