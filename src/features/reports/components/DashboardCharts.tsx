import Chart from 'react-apexcharts';
import { useTranslation } from 'react-i18next';
import type { TLineChartPoint, TTopActivity } from '../../../shared/contract/reports-routes';
import { countAxis } from '../count-axis';
import { verbColour } from '../dashboard-rows';
import { useVerbLabel } from '../verb-label';

/**
 * The dashboard's charts: ApexCharts, in this chunk only (loaded with React.lazy by the dashboard),
 * so the app shell never carries it.
 */
export default function DashboardCharts({
  verbs,
  graph,
  top,
  format,
}: {
  verbs: Array<{ name: string; count: number }>;
  graph: TLineChartPoint[];
  top: TTopActivity[];
  /** Counts as the dashboard writes them (grouped in the reader's language). */
  format: (v: number) => string;
}) {
  const { t, i18n } = useTranslation('reports');
  const verbLabel = useVerbLabel();
  // The axis's days as the reader's language writes them ('28 Nov', '11月28日', '28 พ.ย.').
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLabel = (date: string) => {
    const d = new Date(date);
    return Number.isNaN(d.getTime()) ? date : day.format(d);
  };
  const five = verbs.slice(0, 5);
  return (
    <div className="dashboard-charts">
      <figure className="dashboard-chart" data-testid="verbs-chart">
        <figcaption>
          {t('dashboard.verbsActivity')}
          {verbs.length > 5 && (
            <span className="report-muted"> {t('dashboard.more', { count: verbs.length - 5 })}</span>
          )}
        </figcaption>
        <Chart
          type="bar"
          height={240}
          series={[{ name: t('dashboard.totalStatements'), data: five.map((v) => v.count) }]}
          options={{
            chart: { toolbar: { show: false }, animations: { enabled: false } },
            xaxis: { categories: five.map((v) => verbLabel(v.name)) },
            yaxis: countAxis(
              five.map((v) => v.count),
              format,
            ),
            colors: five.map((v) => verbColour(v.name)),
            plotOptions: { bar: { distributed: true, borderRadius: 4 } },
            legend: { show: false },
          }}
        />
      </figure>
      <figure className="dashboard-chart" data-testid="line-chart">
        <figcaption>{t('dashboard.interactionsPerDay')}</figcaption>
        <Chart
          type="line"
          height={240}
          series={[{ name: t('dashboard.interactions'), data: graph.map((p) => p.interactions) }]}
          options={{
            chart: { toolbar: { show: false }, animations: { enabled: false } },
            xaxis: { categories: graph.map((p) => dayLabel(p.date)) },
            yaxis: countAxis(
              graph.map((p) => p.interactions),
              format,
            ),
            stroke: { curve: 'smooth', width: 3 },
            // A lone day is a point, not a line: without a marker it is not drawn at all.
            markers: { size: graph.length === 1 ? 5 : 0 },
          }}
        />
      </figure>
      <figure className="dashboard-chart" data-testid="top-activities">
        <figcaption>
          {t('dashboard.topActivities')}
          {/* The spec's title names activities, the list is learners: the card says so. */}
          <span className="dashboard-chart__note">{t('dashboard.topActivitiesNote')}</span>
        </figcaption>
        <ol className="top-list">
          {top.map((a) => (
            <li key={a.email || a.username}>
              <span>{a.username}</span> <strong>{a.interactions}</strong>
            </li>
          ))}
        </ol>
      </figure>
    </div>
  );
}
