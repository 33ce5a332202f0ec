import Chart from 'react-apexcharts';
import { useTranslation } from 'react-i18next';

/**
 * The distribution of a choice step, filling in as answers arrive: ApexCharts, in this chunk only
 * (loaded with React.lazy by the live screen), as the reports' charts are.
 */
export default function LiveChart({
  choices,
}: {
  /** `right` only once the teacher revealed a quiz step: right bars green, the others grey. */
  choices: Array<{ label: string; count: number; right?: boolean }>;
}) {
  const { t } = useTranslation('assignment');
  const marked = choices.some((c) => c.right !== undefined);
  const colors = marked ? choices.map((c) => (c.right ? '#2e7d32' : '#9e9e9e')) : undefined;
  return (
    <figure className="live__chart" data-testid="live-chart">
      <figcaption className="visually-hidden">{t('live.chartLabel')}</figcaption>
      <Chart
        type="bar"
        height="100%"
        series={[{ name: t('live.chartLabel'), data: choices.map((c) => c.count) }]}
        options={{
          chart: { toolbar: { show: false }, animations: { enabled: true, speed: 250 } },
          ...(colors ? { colors } : {}),
          xaxis: {
            categories: choices.map((c) => (c.right ? `✓ ${c.label}` : c.label)),
            // One dark colour: with distributed bars ApexCharts would tint each label like its bar.
            labels: { style: { fontSize: '18px', colors: '#1f2937' } },
          },
          yaxis: {
            labels: { formatter: (v: number) => String(Math.round(v)) },
            forceNiceScale: true,
            min: 0,
          },
          plotOptions: { bar: { distributed: true, borderRadius: 6 } },
          // White and bold on the bar's colour: read from the back of a classroom.
          dataLabels: { enabled: true, style: { fontSize: '22px', fontWeight: 800, colors: ['#fff'] } },
          legend: { show: false },
        }}
      />
    </figure>
  );
}
