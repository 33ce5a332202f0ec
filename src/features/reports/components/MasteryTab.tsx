import { useTranslation } from 'react-i18next';
import type { TReportObject } from '../../../shared/contract/reports-routes';
import { CSV_FILES, masteryCsv } from '../report-csv';
import { reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { useVerbLabel } from '../verb-label';
import { Cmi5Units } from './Cmi5Units';
import { useReport } from './common';
import { PeopleTable, peopleOf, personKey } from './PeopleTable';
import { ReportSection } from './ReportSection';
import { columnsOf } from './SubmissionReportTab';

/** The mastery table: four columns per object and verb, as report_info.csv has them. */
export function MasteryTable({ objects }: { objects: TReportObject[] }) {
  const { t } = useTranslation('reports');
  const verbLabel = useVerbLabel();
  const columns = columnsOf(objects);
  return (
    <PeopleTable
      testId="mastery-table"
      people={peopleOf(columns.map((c) => c.users))}
      head={columns.map((c) => (
        <th key={c.key} colSpan={4}>
          {c.object} · {verbLabel(c.verb)}
        </th>
      ))}
      subHead={columns.flatMap((c) => [
        <th key={`${c.key}r`}>{t('mastery.record')}</th>,
        <th key={`${c.key}s`}>{t('mastery.rawScore')}</th>,
        <th key={`${c.key}m`}>{t('mastery.maxScore')}</th>,
        <th key={`${c.key}e`}>{t('mastery.evidence')}</th>,
      ])}
      cells={(key) =>
        columns.flatMap((c) => {
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
        })
      }
    />
  );
}

/** Reports tab: the mastery report (spec 02 §2 Mastery report screen). */
export default function MasteryTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('reports');
  const load = useReport(assignment._id, 'report-v2', reportsApi.reportV2);
  const objects = load.data?.objects ?? [];
  return (
    <>
      <ReportSection
        testId="mastery-report"
        title={t('mastery.title')}
        load={load}
        empty={objects.length === 0}
        emptyText={t('noDataFound')}
        picture="📊"
        csv={{ file: CSV_FILES.mastery, build: () => masteryCsv(objects, t('participants')) }}
      >
        <MasteryTable objects={objects} />
      </ReportSection>
      <Cmi5Units assignmentId={assignment._id} />
    </>
  );
}
