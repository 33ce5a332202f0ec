import { useTranslation } from 'react-i18next';
import type { TReportObject } from '../../../shared/contract/reports-routes';
import { CSV_FILES, masteryCsv } from '../report-csv';
import { reportPath, reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { ExportButton, Initials, ReportHeader, useLoad } from './common';
import { ReportBody } from './ReportBody';
import { columnsOf } from './SubmissionReportTab';

const personKey = (u: { email: string; name: string }) => u.email || u.name;

/** The mastery table: four columns per object and verb, as report_info.csv has them. */
export function MasteryTable({ objects }: { objects: TReportObject[] }) {
  const { t } = useTranslation('reports');
  const columns = columnsOf(objects);
  const people = new Map<string, { name: string; email: string; profileImg: string | null }>();
  for (const c of columns) for (const u of c.users) people.set(personKey(u), u);
  return (
    <div className="report-scroll">
      <table className="report-table" data-testid="mastery-table">
        <thead>
          <tr>
            <th rowSpan={2} className="report-person-head">
              {t('participants')}
            </th>
            {columns.map((c) => (
              <th key={c.key} colSpan={4}>
                {c.object} · {c.verb}
              </th>
            ))}
          </tr>
          <tr>
            {columns.flatMap((c) => [
              <th key={`${c.key}r`}>{t('mastery.record')}</th>,
              <th key={`${c.key}s`}>{t('mastery.rawScore')}</th>,
              <th key={`${c.key}m`}>{t('mastery.maxScore')}</th>,
              <th key={`${c.key}e`}>{t('mastery.evidence')}</th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {[...people.entries()].map(([key, p]) => (
            <tr key={key}>
              <th scope="row" className="report-person">
                <Initials name={p.name || p.email} src={p.profileImg} /> {p.name || p.email}
              </th>
              {columns.flatMap((c) => {
                const u = c.users.find((x) => personKey(x) === key);
                return [
                  <td key={`${c.key}r`}>{u?.ticked ? 'TRUE' : 'FALSE'}</td>,
                  <td key={`${c.key}s`}>{u?.score?.raw ?? ''}</td>,
                  <td key={`${c.key}m`}>{u?.score?.max ?? ''}</td>,
                  <td key={`${c.key}e`}>
                    <span className="cell-clip" title={u?.evidence ?? undefined}>
                      {u?.evidence ?? ''}
                    </span>
                  </td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Reports tab: the mastery report (spec 02 §2 Mastery report screen). */
export default function MasteryTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('reports');
  const load = useLoad(
    () => reportsApi.reportV2(assignment._id),
    assignment._id,
    reportPath(assignment._id, 'report-v2'),
  );
  const objects = load.data?.objects ?? [];
  return (
    <section className="report" data-testid="mastery-report">
      <ReportHeader title={t('mastery.title')} savedAt={load.savedAt}>
        <ExportButton
          empty={objects.length === 0}
          file={CSV_FILES.mastery}
          build={() => masteryCsv(objects, t('participants'))}
        />
      </ReportHeader>
      <ReportBody load={load} empty={objects.length === 0} emptyText={t('noDataFound')} picture="📊">
        <MasteryTable objects={objects} />
      </ReportBody>
    </section>
  );
}
