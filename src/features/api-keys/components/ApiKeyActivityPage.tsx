import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import type { TApiKey, TApiKeyActivity } from '../../../shared/contract/api-keys';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { apiKeysApi } from '../api-keys.api';
import '../api-keys.css';

/** Bars of credits per day (a light chart: no chart library for a handful of bars). */
function DayBars({ days }: { days: TApiKeyActivity['days'] }) {
  const { t } = useTranslation('task');
  const max = Math.max(...days.map((d) => d.credits), 0.000001);
  return (
    <figure className="day-bars" aria-label={t('activity.chart')}>
      {days.map((d) => (
        <div key={d.date} className="day-bars__day" title={`${d.date}: ${d.credits}`}>
          <span className="day-bars__bar" style={{ height: `${Math.max(4, (d.credits / max) * 120)}px` }} />
          <span className="day-bars__label">{d.date.slice(5)}</span>
        </div>
      ))}
    </figure>
  );
}

/**
 * /{orgCode}/automation/api-key-activity/{id}: one key's calls, tasks and credits per day;
 * /{orgCode}/automation/api-keys/activity: every key with what it spent, linking to its activity.
 */
export default function ApiKeyActivityPage() {
  const { t } = useTranslation('task');
  const { id } = useParams<{ id?: string }>();
  const { orgCode } = useSnapshot(space);
  const [one, setOne] = useState<TApiKeyActivity | null>(null);
  const [all, setAll] = useState<TApiKey[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFailed(false);
    if (id)
      apiKeysApi.activity(id).then(
        (r) => setOne(r.data),
        () => setFailed(true),
      );
    else
      apiKeysApi.list({ limit: 100, sortBy: 'lastUsedAt' }).then(
        (r) => setAll(r.apiKeys),
        () => setFailed(true),
      );
  }, [id]);

  if (failed) return <p className="page empty-state">{t('keys.loadFailed')}</p>;
  if (!id) {
    return (
      <section className="page" aria-labelledby="activity-title">
        <h1 id="activity-title">{t('activity.title')}</h1>
        {!all ? (
          <SkeletonRows count={3} label={t('loading')} />
        ) : all.length === 0 ? (
          // No key yet: say so and lead to where one is made, not a blank page.
          <div className="empty-state" data-testid="activity-no-keys">
            <p>{t('activity.noKeys')}</p>
            <Link href={`/${orgCode}/api-key-management`} className="btn btn--primary">
              {t('keys.new')}
            </Link>
          </div>
        ) : (
          <ul className="task-list">
            {all.map((k) => (
              <li key={k._id} className="task-card card">
                <Link href={`/${orgCode}/automation/api-key-activity/${k._id}`}>{k.name}</Link>
                <span className="muted">{t('activity.spent', { amount: k.used })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  if (!one) return <SkeletonRows count={3} label={t('loading')} />;
  const totals = one.days.reduce((s, d) => ({ calls: s.calls + d.calls, credits: s.credits + d.credits }), {
    calls: 0,
    credits: 0,
  });
  return (
    <section className="page" aria-labelledby="activity-title">
      <nav className="breadcrumb">
        <Link href={`/${orgCode}/api-key-management`}>{t('keys.title')}</Link> / <span>{one.key.name}</span>
      </nav>
      <h1 id="activity-title">{t('activity.keyTitle', { name: one.key.name })}</h1>
      <p data-testid="activity-totals">
        {t('activity.totals', {
          calls: totals.calls,
          credits: Number(totals.credits.toFixed(6)),
          balance: one.key.balance,
        })}
      </p>
      {one.days.length === 0 ? (
        <p className="empty-state">{t('activity.empty')}</p>
      ) : (
        <>
          <DayBars days={one.days} />
          <table className="api-key-table">
            <thead>
              <tr>
                <th scope="col">{t('activity.date')}</th>
                <th scope="col">{t('activity.calls')}</th>
                <th scope="col">{t('activity.tasks')}</th>
                <th scope="col">{t('activity.credits')}</th>
              </tr>
            </thead>
            <tbody>
              {one.days.map((d) => (
                <tr key={d.date} data-testid="activity-day">
                  <td>{d.date}</td>
                  <td>{d.calls}</td>
                  <td>{d.tasks}</td>
                  <td>{d.credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
