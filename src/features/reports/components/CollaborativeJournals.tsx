import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJournal } from '../../../shared/contract/reports';
import { EMPTY_JOURNAL_CONTENT } from '../../../shared/contract/reports';
import type { TCollaborativeJournal } from '../../../shared/contract/reports-routes';
import { formatDateTime } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Markdown } from '../../../ui/Markdown';
import { CSV_FILES, collaborativeCsv } from '../report-csv';
import { reportPath, reportsApi } from '../reports.api';
import { ExportButton, Initials, ReportHeader, SavedCopyNote, useLoad } from './common';
import { ReportBody } from './ReportBody';

export const COLLAB_PAGE_SIZE = 10;
const PAGE_WINDOW = 3;

/** Page numbers three at a time around the current page, with ellipses (spec 02 §2, §9). */
export function pageWindow(page: number, pages: number): Array<number | '…'> {
  if (pages <= 1) return [1];
  const start = Math.max(1, Math.min(page - 1, pages - PAGE_WINDOW + 1));
  const end = Math.min(pages, start + PAGE_WINDOW - 1);
  const out: Array<number | '…'> = [];
  if (start > 1) out.push('…');
  for (let p = start; p <= end; p++) out.push(p);
  if (end < pages) out.push('…');
  return out;
}

/** Avatars: 3 on small screens, 5 on extra large, then +N (the CSS hides the 4th and 5th when small). */
function Avatars({ people }: { people: TCollaborativeJournal['collaborators'] }) {
  const shown = people.slice(0, 5);
  return (
    <span className="avatar-stack">
      {shown.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: members may lack an e-mail; the order is stable
        <span key={`${p.email}${i}`} className={i >= 3 ? 'avatar-stack__xl' : ''}>
          <Initials name={p.name} src={p.profileImg} />
        </span>
      ))}
      {people.length > 3 && (
        <span className="avatar-stack__more avatar-stack__more--small">+{people.length - 3}</span>
      )}
      {people.length > 5 && (
        <span className="avatar-stack__more avatar-stack__more--xl">+{people.length - 5}</span>
      )}
    </span>
  );
}

function JournalDialog({ item, onClose }: { item: TCollaborativeJournal; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const load = useLoad<{ data: TJournal }>(
    () => reportsApi.journal(item.journalId),
    item.journalId,
    `journal/${item.journalId}`,
  );
  const content = load.data?.data.content ?? item.content;
  return (
    <Dialog
      title={item.name}
      onClose={onClose}
      wide
      className="dialog--fullscreen"
      footer={
        <Button variant="ghost" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <div data-testid="collaborative-dialog">
        <SavedCopyNote savedAt={load.savedAt} />
        <ul className="report-people">
          {item.collaborators.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: members may lack an e-mail; the order is stable
            <li key={`${c.email}${i}`}>
              <Initials name={c.name} src={c.profileImg} /> {c.name || t('collaborative.unknownUser')}{' '}
              <span className="report-muted">{c.email}</span>
            </li>
          ))}
        </ul>
        {/* A failed read falls back to the report's own copy of the content (no error text). */}
        <ReportBody
          load={{ ...load, error: false }}
          empty={content === EMPTY_JOURNAL_CONTENT || !content.trim()}
          emptyText={t('collaborative.journalEmpty')}
          picture="📓"
        >
          <div className="journal-content">
            <Markdown text={content} />
          </div>
        </ReportBody>
      </div>
    </Dialog>
  );
}

export function CollaborativeJournals({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation('reports');
  const load = useLoad(
    () => reportsApi.collaborative(assignmentId),
    assignmentId,
    reportPath(assignmentId, 'collaborative-journal-report'),
  );
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<TCollaborativeJournal | null>(null);
  const list = load.data?.journals ?? [];
  const pages = Math.max(1, Math.ceil(list.length / COLLAB_PAGE_SIZE));
  const rows = list.slice((page - 1) * COLLAB_PAGE_SIZE, page * COLLAB_PAGE_SIZE);
  const header = ['name', 'totalParticipants', 'type', 'latestUpdated', 'content'].map((k) =>
    t(`collaborative.${k}`),
  );
  return (
    <section className="report" data-testid="collaborative-report">
      <ReportHeader title={t('collaborative.title')} savedAt={load.savedAt}>
        <ExportButton
          empty={list.length === 0}
          file={CSV_FILES.collaborative}
          build={() => collaborativeCsv(list, header)}
        />
      </ReportHeader>
      <ReportBody load={load} empty={list.length === 0} emptyText={t('collaborative.empty')}>
        <table className="report-table">
          <thead>
            <tr>
              <th>{t('collaborative.name')}</th>
              <th>{t('collaborative.totalParticipants')}</th>
              <th className="xl-only">{t('collaborative.type')}</th>
              <th>{t('collaborative.latestUpdated')}</th>
              <th>{t('collaborative.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((j) => (
              <tr key={j.journalId} className="report-row--click" onClick={() => setOpen(j)}>
                <td>{j.name}</td>
                <td>
                  <Avatars people={j.collaborators} />
                </td>
                <td className="xl-only">{j.type}</td>
                <td>{formatDateTime(j.latestUpdated)}</td>
                <td>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpen(j);
                    }}
                  >
                    {t('collaborative.view')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {pages > 1 && (
          <nav className="pager" aria-label={t('collaborative.title')}>
            <Button size="sm" variant="ghost" disabled={page === 1} onClick={() => setPage(page - 1)}>
              {t('collaborative.previous')}
            </Button>
            {pageWindow(page, pages).map((p, i) =>
              p === '…' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: two ellipses at most, by position
                <span key={`e${i}`}>…</span>
              ) : (
                <Button
                  key={p}
                  size="sm"
                  variant={p === page ? 'primary' : 'ghost'}
                  onClick={() => setPage(p)}
                >
                  {p}
                </Button>
              ),
            )}
            <Button size="sm" variant="ghost" disabled={page === pages} onClick={() => setPage(page + 1)}>
              {t('collaborative.next')}
            </Button>
          </nav>
        )}
      </ReportBody>
      {open && <JournalDialog item={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
