import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJournal } from '../../../shared/contract/reports';
import { formatDateTime } from '../../../shared/domain/dates';
import { Markdown } from '../../../ui/Markdown';
import { automationApi } from '../automation.api';

interface Run {
  runId: string;
  at: string;
  entries: TJournal[];
}

/** The journals of one answer, grouped by run in the order the server gives (newest run first). */
function byRun(journals: TJournal[]): Run[] {
  const runs = new Map<string, Run>();
  for (const j of journals) {
    const id = j.runId ?? '';
    const run = runs.get(id) ?? { runId: id, at: j.createdAt, entries: [] };
    run.entries.push(j);
    runs.set(id, run);
  }
  return [...runs.values()];
}

/**
 * The task page's run journals: what the journal blocks of each run wrote, newest run
 * first, in the same From/To range as the usage table. Each entry opens to its full content.
 */
export function RunJournals(props: { taskId: string; from: string; to: string }) {
  const { t } = useTranslation('task');
  const [runs, setRuns] = useState<Run[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { taskId, from, to } = props;

  useEffect(() => {
    let live = true;
    setRuns(null);
    setFailed(false);
    automationApi.journals(taskId, { from: from || undefined, to: to || undefined }).then(
      (r) => live && setRuns(byRun(r.journals)),
      () => {
        if (!live) return;
        setFailed(true);
        setRuns([]);
      },
    );
    return () => {
      live = false;
    };
  }, [taskId, from, to]);

  return (
    <section className="run-journals" aria-labelledby="run-journals-title" data-testid="run-journals">
      <h2 id="run-journals-title">{t('journals.title')}</h2>
      <p className="muted">{t('journals.hint')}</p>
      {!runs ? (
        <p role="status">{t('detail.loadingRows')}</p>
      ) : failed ? (
        <p role="alert">{t('journals.error')}</p>
      ) : runs.length === 0 ? (
        <p>{t('journals.empty')}</p>
      ) : (
        <ol className="run-journals__runs">
          {runs.map((run) => (
            <li key={run.runId} className="run-journals__run" data-testid="run-journal">
              <h3 className="run-journals__head">
                {t('journals.run', { date: formatDateTime(run.at) })} <code>{run.runId}</code>
              </h3>
              <ul className="run-journals__entries">
                {run.entries.map((j) => (
                  <li key={j._id}>
                    <details>
                      <summary>
                        <strong>{j.name}</strong>{' '}
                        <span className="muted">{j.paragraph || t('journals.noText')}</span>
                      </summary>
                      <Markdown text={j.content} className="run-journals__content" />
                    </details>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
