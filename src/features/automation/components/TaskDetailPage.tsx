import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import {
  TASK_RUN_STATUSES,
  TASK_USAGE_CSV_HEADER,
  type TTaskDetail,
  type TTaskRunStatus,
  type TTaskStatus,
  type TTaskUsageRow,
} from '../../../shared/contract/automation';
import { CSV_MIME, toCsv } from '../../../shared/domain/csv';
import { Button } from '../../../ui/Button';
import { saveBlob } from '../../../ui/download';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { space } from '../../../ui/space';
import { showToast, toastSuccess } from '../../../ui/surfaces';
import { automationApi } from '../automation.api';
import { curlExample } from '../curl';
import { PreviewDrawer } from './PreviewDrawer';
import { RunJournals } from './RunJournals';
import { StatusDot } from './StatusDot';
import { TryRunPanel } from './TryRunPanel';
import { UsageTable } from './UsageTable';
import '../automation.css';

/** /{orgCode}/automation/task/{taskId} (spec 03 §2, §4): the task, its status, its usage and how to call it. */
export default function TaskDetailPage() {
  const { t } = useTranslation('task');
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { orgCode } = useSnapshot(space);
  const ids = { from: useId(), to: useId(), status: useId(), name: useId(), description: useId() };
  const [task, setTask] = useState<TTaskDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: '', description: '' });
  const [toggling, setToggling] = useState<TTaskStatus | null>(null);
  const [range, setRange] = useState({ from: '', to: '' });
  const [previewing, setPreviewing] = useState(false);
  const [trying, setTrying] = useState(false);
  const [runStatus, setRunStatus] = useState<'all' | TTaskRunStatus>('all');
  const [rows, setRows] = useState<TTaskUsageRow[] | null>(null);

  useEffect(() => {
    automationApi.detail(taskId).then(
      (r) => setTask(r.data),
      () => {
        setFailed(true);
        showToast({ type: 'Error', title: t('errors.title'), message: t('errors.load') });
      },
    );
  }, [taskId, t]);
  const loadUsage = useCallback(() => {
    setRows(null);
    automationApi
      .usage(taskId, {
        from: range.from || undefined,
        to: range.to || undefined,
        status: runStatus === 'all' ? undefined : runStatus,
      })
      .then(
        (r) => setRows(r.usage),
        () => setRows([]),
      );
  }, [taskId, range, runStatus]);
  useEffect(loadUsage, [loadUsage]);

  if (failed) return <p className="page empty-state">{t('errors.load')}</p>;
  if (!task) return <LoadingScreen label={t('loading')} />;

  const paused = task.status === 'paused';
  const toggle = async () => {
    const target = paused ? 'live' : 'paused';
    setToggling(target);
    try {
      const r = await automationApi.setStatus(task._id, target);
      setTask({ ...task, status: r.data.status ?? target });
      toastSuccess(target === 'paused' ? t('toast.paused') : t('toast.resumed'));
    } catch {
      showToast({
        type: 'Error',
        title: t('errors.title'),
        message: target === 'paused' ? t('errors.pause') : t('errors.resume'),
      });
    } finally {
      setToggling(null);
    }
  };
  const save = async () => {
    try {
      const r = await automationApi.update(task._id, {
        name: draft.name.trim(),
        description: draft.description.trim(),
      });
      setTask({ ...task, name: r.data.name, description: r.data.description });
      setEditing(false);
      toastSuccess(t('toast.updated'));
    } catch {
      showToast({ type: 'Error', title: t('errors.title'), message: t('errors.update') });
    }
  };
  const copyId = async () => {
    await navigator.clipboard?.writeText(task._id).catch(() => undefined);
    toastSuccess(t('toast.idCopied'));
  };
  const exportCsv = () => {
    const csv = toCsv(
      [...TASK_USAGE_CSV_HEADER],
      (rows ?? []).map((r) => [r.lastUsedAt, `${r.apiKeyName} (${r.apiKeyDisplay})`, r.creditsUsed, r.calls]),
    );
    saveBlob(new Blob([csv], { type: CSV_MIME }), `task_usage_${task._id}.csv`);
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <section className="page task-detail" aria-labelledby="task-title">
      <nav aria-label={t('detail.breadcrumb')} className="breadcrumb">
        <Link href={`/${orgCode}/automation`}>{t('title')}</Link> / <span>{task.name}</span>
      </nav>
      <div className="task-detail__head">
        {editing ? (
          <div className="field">
            <label htmlFor={ids.name}>{t('wizard.name')}</label>
            <input
              id={ids.name}
              className="input"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
            <label htmlFor={ids.description}>{t('wizard.description')}</label>
            <textarea
              id={ids.description}
              className="input"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
            <div className="wizard__actions">
              <Button variant="secondary" onClick={() => setEditing(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button disabled={!draft.name.trim()} onClick={() => void save()}>
                {t('wizard.save')}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <h1 id="task-title">⚙️ {task.name}</h1>
            <StatusDot status={task.status} />
            <p>{task.description}</p>
          </div>
        )}
        {!editing && (
          <div className="tasks__header-actions">
            <Button
              variant="secondary"
              onClick={() => {
                setDraft({ name: task.name, description: task.description });
                setEditing(true);
              }}
            >
              {t('detail.edit')}
            </Button>
            {task.status !== 'completed' && (
              <Button busy={toggling !== null} disabled={toggling !== null} onClick={() => void toggle()}>
                {toggling === 'paused'
                  ? t('detail.pausing')
                  : toggling === 'live'
                    ? t('detail.resuming')
                    : paused
                      ? t('detail.play')
                      : t('detail.pause')}
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="task-detail__id">
        <span className="muted">{t('detail.taskId')}</span> <code data-testid="task-id">{task._id}</code>
        <Button size="sm" variant="secondary" onClick={() => void copyId()}>
          {t('detail.copy')}
        </Button>
      </div>
      <p>
        <Button size="sm" variant="secondary" onClick={() => setPreviewing(true)}>
          {t('preview.open')}
        </Button>{' '}
        <Button size="sm" variant="secondary" aria-expanded={trying} onClick={() => setTrying(!trying)}>
          {t('try.open')}
        </Button>
      </p>
      {trying && <TryRunPanel taskId={task._id} slots={task.slots} />}
      {previewing && (
        <PreviewDrawer
          title={task.flowName || task.name}
          url={`/viewer/flow/share/${task.flowId}`}
          onClose={() => setPreviewing(false)}
        />
      )}
      <h2>{t('detail.howToCall')}</h2>
      <pre className="curl-example" data-testid="curl-example">
        {curlExample(origin, task._id, task.slots)}
      </pre>
      <p>
        <a href="/api/openapi.json" target="_blank" rel="noreferrer">
          {t('keys.docs')}
        </a>{' '}
        · <Link href={`/${orgCode}/api-key-management`}>{t('keys.title')}</Link>
      </p>
      <h2>{t('detail.usage')}</h2>
      <div className="task-detail__range">
        <div className="field">
          <label htmlFor={ids.from}>{t('detail.from')}</label>
          <input
            id={ids.from}
            type="date"
            className="input"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>{t('detail.to')}</label>
          <input
            id={ids.to}
            type="date"
            className="input"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('filter')}</label>
          <select
            id={ids.status}
            className="input"
            data-testid="usage-status"
            value={runStatus}
            onChange={(e) => setRunStatus(e.target.value as 'all' | TTaskRunStatus)}
          >
            <option value="all">{t('all')}</option>
            {TASK_RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`runStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" disabled={!rows || rows.length === 0} onClick={exportCsv}>
          {t('detail.export')}
        </Button>
      </div>
      <UsageTable rows={rows} orgCode={orgCode} />
      <RunJournals taskId={task._id} from={range.from} to={range.to} />
    </section>
  );
}
