import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJournalReportItem } from '../../../shared/contract/reports-routes';
import { formatDateTime } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Markdown } from '../../../ui/Markdown';
import { CSV_FILES, journalCsv } from '../report-csv';
import { reportPath, reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { CollaborativeJournals } from './CollaborativeJournals';
import { ExportButton, Initials, ReportHeader, useLoad } from './common';
import { ReportBody } from './ReportBody';

type Entry = { journal: string; data: NonNullable<TJournalReportItem['users'][number]['journalData']> };
const personKey = (u: { email: string; name: string }) => u.email || u.name;

export function JournalTable({ journals }: { journals: TJournalReportItem[] }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState<Entry | null>(null);
  const people = new Map<string, { name: string; email: string; profileImg: string | null }>();
  for (const j of journals) for (const u of j.users) people.set(personKey(u), u);
  return (
    <div className="report-scroll">
      <table className="report-table" data-testid="journal-table">
        <thead>
          <tr>
            <th className="report-person-head">{t('participants')}</th>
            {journals.map((j) => (
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
          </tr>
        </thead>
        <tbody>
          {[...people.entries()].map(([key, p]) => (
            <tr key={key}>
              <th scope="row" className="report-person">
                <Initials name={p.name || p.email} src={p.profileImg} /> {p.name || p.email}
              </th>
              {journals.map((j) => {
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
              })}
            </tr>
          ))}
        </tbody>
      </table>
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
    </div>
  );
}

/** Journal tab: Journal Reports, then Collaborative Journal Reports (spec 02 §2). */
export default function JournalTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('reports');
  const load = useLoad(
    () => reportsApi.journalReport(assignment._id),
    assignment._id,
    reportPath(assignment._id, 'journal-report'),
  );
  const journals = load.data?.journals ?? [];
  return (
    <>
      <section className="report" data-testid="journal-report">
        <ReportHeader title={t('journal.title')} savedAt={load.savedAt}>
          <ExportButton
            empty={journals.length === 0}
            file={CSV_FILES.journal}
            build={() => journalCsv(journals, t('participants'))}
          />
        </ReportHeader>
        <ReportBody load={load} empty={journals.length === 0} emptyText={t('journal.empty')}>
          <JournalTable journals={journals} />
        </ReportBody>
      </section>
      <CollaborativeJournals assignmentId={assignment._id} />
    </>
  );
}
