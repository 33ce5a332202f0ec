import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/domain/dates';
import { loadLatest, quick } from '../credits.store';
import { formatAmount } from '../format';
import { LedgerRow } from './LedgerRow';
import { UsageBar } from './UsageBar';

/** The quickBalance popover: both wallets of the space, the month's use and the latest movements. */
export function BalancePopover(props: {
  id: string;
  inOrg: boolean;
  orgCode: string;
  onClose: () => void;
  retry: () => void;
}) {
  const { t, i18n } = useTranslation('quickBalance');
  const snap = useSnapshot(quick);
  const ref = useRef<HTMLDivElement>(null);
  const lng = i18n.language;
  const b = snap.balances;
  const { inOrg } = props;

  useEffect(() => {
    void loadLatest(inOrg);
    ref.current?.focus();
  }, [inOrg]);

  const rows = [
    { key: 'personal', label: t('personal'), wallet: b?.personal },
    ...(inOrg && b?.organization
      ? [{ key: 'organization', label: t('organization'), wallet: b.organization }]
      : []),
  ];
  return (
    <div
      id={props.id}
      ref={ref}
      role="dialog"
      aria-label={t('title')}
      tabIndex={-1}
      className="quick-balance__panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onClose();
      }}
    >
      <h2 className="quick-balance__title">{t('title')}</h2>
      {snap.stale && snap.asOf !== null && (
        <p className="quick-balance__stale" role="status">
          {t('lastKnown', { time: formatDateTime(new Date(snap.asOf).toISOString()) })}
        </p>
      )}
      {!b && !snap.loading && (
        <p className="quick-balance__stale" role="status">
          {t('loadFailed')}{' '}
          <button type="button" className="link-button" onClick={props.retry}>
            {t('retry')}
          </button>
        </p>
      )}
      {b && (
        <dl className="quick-balance__wallets">
          {rows.map((r) => (
            <div key={r.key} className="quick-balance__wallet">
              <dt>{r.label}</dt>
              <dd>
                <strong>{formatAmount(r.wallet?.balance ?? 0, lng)}</strong> {t('credits')}
                {(r.wallet?.held ?? 0) > 0 && (
                  <span className="quick-balance__held">
                    {t('held', { amount: formatAmount(r.wallet?.held ?? 0, lng) })}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {inOrg && b?.organization && <UsageBar org={b.organization} />}
      <h3 className="quick-balance__subtitle">{t('latest')}</h3>
      {snap.entriesState === 'loading' && <p className="quick-balance__muted">{t('common:loading')}</p>}
      {snap.entriesState === 'hidden' && <p className="quick-balance__muted">{t('orgActivityAdmins')}</p>}
      {snap.entriesState === 'failed' && <p className="quick-balance__muted">{t('activityFailed')}</p>}
      {snap.entriesState === 'ready' && snap.entries.length === 0 && (
        <p className="quick-balance__muted">{t('noActivity')}</p>
      )}
      {snap.entriesState === 'ready' && snap.entries.length > 0 && (
        <ul className="ledger-list ledger-list--compact">
          {snap.entries.map((e) => (
            <LedgerRow key={e._id} entry={e} />
          ))}
        </ul>
      )}
      <div className="quick-balance__links">
        <Link href={`/${props.orgCode}/credits`} onClick={props.onClose}>
          {t('allActivity')}
        </Link>
        {b?.canGrant && (
          <Link href={`/${props.orgCode}/credits/admin`} onClick={props.onClose}>
            {t('grant')}
          </Link>
        )}
      </div>
    </div>
  );
}
