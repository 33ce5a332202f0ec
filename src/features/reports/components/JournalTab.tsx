import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJournalReportItem } from '../../../shared/contract/reports-routes';
import { formatDateTime } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Markdown } from '../../../ui/Markdown';
import { CSV_FILES, journalCsv } from '../report-csv';
import { reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { CollaborativeJournals } from './CollaborativeJournals';
import { useReport } from './common';
import { PeopleTable, peopleOf, personKey } from './PeopleTable';
import { ReportSection } from './ReportSection';

type Entry = { journal: string; data: NonNullable<TJournalReportItem['users'][number]['journalData']> };

export function JournalTable({ journals }: { journals: TJournalReportItem[] }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState<Entry | null>(null);
  return (
    <PeopleTable
      testId="journal-table"
      people={peopleOf(journals.map((j) => j.users))}
      head={journals.map((j) => (
        <th key={j.name}>
          <div className="report-done">
            {j.participants.count}/{j.participants.total}
          </div>
          <div>
            {j.name}{' '}
            {j.type === 'knowledgeBotNode' && (
              <span role="img" aria-label={t('journal.knowledgeBot')} title={t('journal.knowledgeBot')}>
                🤖
              </span>
            )}
          </div>
        </th>
      ))}
      cells={(key) =>
        journals.map((j) => {
          const data = j.users.find((u) => personKey(u) === key)?.journalData;
          return (
            <td key={j.name} className="report-cell">
              {data ? (
                <button
                  type="button"
                  className="journal-cell"
                  onClick={() => setOpen({ journal: j.name, data })}
                >
                  {data.thumbnail ? (
                    <img src={data.thumbnail} alt="" width={64} height={48} />
                  ) : (
                    <span className="journal-cell__paragraph">{data.paragraph}</span>
                  )}
                  <span className="report-muted">
                    {t('journal.latestUpdated')}: {formatDateTime(data.latestUpdated)}
                  </span>
                </button>
              ) : (
                <span className="report-muted">{t('journal.noData')}</span>
              )}
            </td>
          );
        })
      }
    >
      {open && (
        <Dialog
          title={open.journal}
          onClose={() => setOpen(null)}
          footer={
            <Button variant="ghost" onClick={() => setOpen(null)}>
              {t('close')}
            </Button>
          }
        >
          <div data-testid="journal-popover">
            <div className="journal-content">
              <Markdown text={open.data.content} />
            </div>
            <p className="report-muted">
              {t('journal.lastUpdated', { date: formatDateTime(open.data.latestUpdated) })}
            </p>
          </div>
        </Dialog>
      )}
    </PeopleTable>
  );
}

/** Journal tab: Journal Reports, then Collaborative Journal Reports (spec 02 §2). */
export default function JournalTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('reports');
  const load = useReport(assignment._id, 'journal-report', reportsApi.journalReport);
  const journals = load.data?.journals ?? [];
  return (
    <>
      <ReportSection
        testId="journal-report"
        title={t('journal.title')}
        load={load}
        empty={journals.length === 0}
        emptyText={t('journal.empty')}
        csv={{ file: CSV_FILES.journal, build: () => journalCsv(journals, t('participants')) }}
      >
        <JournalTable journals={journals} />
      </ReportSection>
      <CollaborativeJournals assignmentId={assignment._id} />
    </>
  );
}
