import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportObject, TReportUser } from '../../../shared/contract/reports-routes';
import { formatDateTime } from '../../../shared/domain/dates';
import { scoreTone } from '../../../shared/domain/report-rules';
import { scoreText } from '../../../shared/domain/statement-view';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CSV_FILES, submissionCsv } from '../report-csv';
import { reportsApi } from '../reports.api';
import type { DetailTabProps } from '../tab-props';
import { useVerbLabel } from '../verb-label';
import { useReport } from './common';
import { PeopleTable, peopleOf, personKey } from './PeopleTable';
import { ReportSection } from './ReportSection';

/** One column of the xAPI table: an object and a verb. */
export interface ReportColumn {
  key: string;
  object: string;
  verb: string;
  done: number;
  total: number;
  users: TReportUser[];
}

export const columnsOf = (objects: TReportObject[]): ReportColumn[] =>
  objects.flatMap((o) =>
    o.verbs.map((v) => ({
      key: `${o.id} ${v.id}`,
      object: o.name,
      verb: v.name,
      done: v.participants.count,
      total: v.participants.total,
      users: v.users,
    })),
  );

/** The cell: evidence (opens the popover), else 'raw / max' coloured by the threshold, else a tick. */
function Cell({ user, onOpen }: { user?: TReportUser; onOpen: (u: TReportUser) => void }) {
  if (!user?.ticked) return <td className="report-cell report-cell--empty">-</td>;
  const score =
    user.score && user.score.raw !== null && user.score.max ? `${user.score.raw} / ${user.score.max}` : null;
  const tone = scoreTone(user.score?.raw, user.score?.max);
  return (
    <td className="report-cell">
      {user.evidence ? (
        <button type="button" className="report-evidence" onClick={() => onOpen(user)}>
          {score && <span className={`report-score report-score--${tone}`}>{score}</span>} {user.evidence}
        </button>
      ) : score ? (
        <span className={`report-score report-score--${tone}`}>{score}</span>
      ) : (
        <span className="report-tick" role="img" aria-label="✓">
          ✓
        </span>
      )}
    </td>
  );
}

export function XapiTable({ objects }: { objects: TReportObject[] }) {
  const { t } = useTranslation('reports');
  const verbLabel = useVerbLabel();
  const [open, setOpen] = useState<TReportUser | null>(null);
  const columns = columnsOf(objects);
  return (
    <PeopleTable
      testId="xapi-table"
      people={peopleOf(columns.map((c) => c.users))}
      head={columns.map((c) => (
        <th key={c.key}>
          <div>{c.object}</div>
          <div className="report-muted">{verbLabel(c.verb)}</div>
          <div className="report-done">{t('submission.done', { count: c.done, total: c.total })}</div>
        </th>
      ))}
      cells={(key) =>
        columns.map((c) => (
          <Cell key={c.key} user={c.users.find((u) => personKey(u) === key)} onOpen={setOpen} />
        ))
      }
    >
      {open && (
        <Dialog
          title={open.name || open.email}
          onClose={() => setOpen(null)}
          footer={
            <Button variant="ghost" onClick={() => setOpen(null)}>
              {t('close')}
            </Button>
          }
        >
          <div data-testid="evidence-popover">
            <h3>{t('submission.latest')}</h3>
            <p>
              <Evidence text={open.evidence} url={open.evidenceUrl} />
            </p>
            <p className="report-muted">
              {scoreText(open.score)} · {formatDateTime(open.timestamp)}
            </p>
            <h3>{t('submission.history')}</h3>
            <ol className="report-history">
              {open.evidenceHistories.map((h) => (
                <li key={h.timestamp}>
                  <span>
                    <Evidence text={h.evidence ?? t('submission.noEvidence')} url={h.evidenceUrl} />
                  </span>{' '}
                  <span className="report-muted">
                    {scoreText(h.score)} · {formatDateTime(h.timestamp)}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </Dialog>
      )}
    </PeopleTable>
  );
}

/** Submission Report tab (spec 02 §2 Custom Reports). */
export default function SubmissionReportTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('reports');
  const load = useReport(assignment._id, 'report-v2', reportsApi.reportV2);
  const objects = load.data?.objects ?? [];
  return (
    <ReportSection
      testId="submission-report"
      title={t('submission.title')}
      load={load}
      empty={objects.length === 0}
      emptyText={t('noDataFound')}
      csv={{ file: CSV_FILES.submission, build: () => submissionCsv(objects, t('participants')) }}
    >
      <XapiTable objects={objects} />
    </ReportSection>
  );
}

/** A photo or file answer opens through the report's signed link (an `<img>` sends no Bearer). */
function Evidence({ text, url }: { text: string | null; url?: string | null }) {
  if (!url) return <>{text}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="report-evidence-link">
      {/\.(png|jpe?g|gif|webp|avif|heic)$/i.test(text ?? '') && (
        <img src={url} alt="" className="report-evidence-img" loading="lazy" />
      )}
      {text}
    </a>
  );
}
