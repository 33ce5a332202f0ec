import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { TASK_PAGE_SIZE, type TTask, type TTaskStatus } from '../../../shared/contract/automation';
import { Button } from '../../../ui/Button';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { confirmDialog, showToast, toastSuccess } from '../../../ui/surfaces';
import { automationApi } from '../automation.api';
import { StatusDot } from './StatusDot';
import '../automation.css';
import { LoadFailed } from '../../../ui/LoadFailed';

const FILTERS = ['all', 'live', 'paused', 'completed'] as const;

/** /{orgCode}/automation (spec 03 §2): search, status filter, load more (20 at a time), delete. */
export default function TasksPage() {
  const { t } = useTranslation('task');
  const { orgId, orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const filterId = useId();
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('all');
  const [limit, setLimit] = useState(TASK_PAGE_SIZE);
  const [tasks, setTasks] = useState<TTask[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Set by Load more, so a failure of that fetch says so (spec 03 §8 "Load more error").
  const loadingMore = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(keyword.trim()), 500);
    return () => clearTimeout(timer);
  }, [keyword]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the space changes too
  const load = useCallback(() => {
    setFailed(false);
    automationApi
      .list({ keyword: search || undefined, status: status === 'all' ? undefined : status, limit })
      .then(
        (r) => setTasks(r.tasks),
        () => {
          setFailed(true);
          const title = loadingMore.current ? t('errors.loadMoreTitle') : t('errors.fetchTitle');
          showToast({ type: 'Error', title, message: t('errors.fetch') });
        },
      )
      .finally(() => {
        loadingMore.current = false;
      });
  }, [search, status, limit, orgId]);
  useEffect(load, [load]);

  const remove = async (task: TTask) => {
    const ok = await confirmDialog({
      title: t('delete.title'),
      message: t('delete.message', { name: task.name }),
      confirmLabel: t('common:actions.delete'),
      cancelLabel: t('common:actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await automationApi.remove(task._id);
      setTasks((list) => list?.filter((x) => x._id !== task._id) ?? null);
      toastSuccess(t('delete.done'));
    } catch {
      showToast({ type: 'Error', title: t('errors.deleteTitle'), message: t('errors.delete') });
    }
  };

  return (
    <section className="page tasks" aria-labelledby="tasks-title">
      <header className="page__header">
        <h1 id="tasks-title">{t('title')}</h1>
        <div className="tasks__header-actions">
          <Link href={`/${orgCode}/api-key-management`} className="btn btn--secondary">
            {t('keys.title')}
          </Link>
          <Link href={`/${orgCode}/create-automation`} className="btn btn--primary">
            + {t('newTask')}
          </Link>
        </div>
      </header>
      <div className="tasks__filters">
        <SearchBox
          label={t('search')}
          clearLabel={t('common:actions.clear')}
          value={keyword}
          onChange={setKeyword}
        />
        <label htmlFor={filterId} className="visually-hidden">
          {t('filter')}
        </label>
        <select
          id={filterId}
          className="input"
          value={status}
          onChange={(e) => setStatus(e.target.value as (typeof FILTERS)[number])}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'all' ? t('all') : t(`status.${f}`)}
            </option>
          ))}
        </select>
      </div>
      {failed && !tasks ? (
        <LoadFailed message={t('errors.fetch')} retryLabel={t('retry')} onRetry={load} />
      ) : !tasks ? (
        <SkeletonRows count={4} label={t('loading')} />
      ) : tasks.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{search || status !== 'all' ? t('noMatch') : t('empty')}</p>
        </div>
      ) : (
        <ul className="task-list">
          {tasks.map((task) => (
            <li key={task._id} className="task-card card" data-testid="task-row">
              <button
                type="button"
                className="task-card__open"
                onClick={() => navigate(`/${orgCode}/automation/task/${task._id}`)}
              >
                <span className="task-card__name">{task.name}</span>
                <span className="muted">{task.flowName}</span>
                <StatusDot status={task.status as TTaskStatus} />
              </button>
              <Button size="sm" variant="secondary" onClick={() => void remove(task)}>
                {t('common:actions.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {tasks && tasks.length >= limit && (
        <div className="tasks__more">
          <Button
            variant="secondary"
            onClick={() => {
              loadingMore.current = true;
              setLimit((l) => l + TASK_PAGE_SIZE);
            }}
          >
            {t('loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
