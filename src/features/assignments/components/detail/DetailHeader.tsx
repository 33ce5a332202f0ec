import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAssignmentDetail } from '../../../../shared/contract/assignments';
import { formatDateTime } from '../../../../shared/domain/dates';
import { Button } from '../../../../ui/Button';
import { Menu } from '../../../../ui/Menu';
import { toastSuccess } from '../../../../ui/surfaces';
import { type EditOutcome, editAssignment, togglePause } from '../../detail.store';
import { StatusBadge, TypeIcon } from '../StatusBadge';

/**
 * PAY_BY_ME is shown as 'PAY_BY_{email}' (spec 02 §3 states that rule, so it stays); every other
 * value is a raw enum name no teacher should read, so it shows its translated label.
 */
export const paymentLine = (
  a: Pick<TAssignmentDetail, 'unitUsageOption' | 'ownerEmail'>,
  t: TFunction<'assignment'>,
) =>
  a.unitUsageOption === 'PAY_BY_ME'
    ? `PAY_BY_${a.ownerEmail}`
    : t(`common:payment.${a.unitUsageOption}`, { defaultValue: a.unitUsageOption });

/**
 * Name, description, icon by type, status or Locked, end date and payment; Edit, Pause/Resume (a
 * Completed badge instead once it ended) and the more-menu with Lock/Unlock. On phones the
 * details fold away behind a toggle.
 */
export function DetailHeader({ a, orgCode }: { a: TAssignmentDetail; orgCode: string }) {
  const { t } = useTranslation('assignment');
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const say = (outcome: EditOutcome, doneKey: string) => {
    if (outcome === 'done') toastSuccess(t(doneKey));
    else if (outcome === 'queued') toastSuccess(t('offline.queued'));
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const pause = () =>
    run(async () => say(await togglePause(!a.isPaused), a.isPaused ? 'toast.unpaused' : 'toast.paused'));
  const lock = () =>
    run(async () =>
      say(await editAssignment({ isLocked: !a.isLocked }), a.isLocked ? 'toast.unlocked' : 'toast.locked'),
    );

  return (
    <header className={`detail-header${open ? ' is-open' : ''}`}>
      <div className="detail-header__top">
        <TypeIcon type={a.type} size={36} />
        <div className="detail-header__titles">
          <h1 className="detail-header__name">{a.name || t('untitled')}</h1>
          <StatusBadge status={a.status} isLocked={a.isLocked} />
        </div>
        <button
          type="button"
          className="detail-header__fold"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('detail.less') : t('detail.more')}
        </button>
      </div>
      <div className="detail-header__body">
        {a.description && <p className="detail-header__description">{a.description}</p>}
        <dl className="detail-header__facts">
          <div>
            <dt>{t('detail.end')}</dt>
            <dd data-testid="end-date">
              {a.endDate ? `${t('detail.endIn')} ${formatDateTime(a.endDate)}` : t('detail.noEndDate')}
            </dd>
          </div>
          <div>
            <dt>{t('detail.payment')}</dt>
            <dd data-testid="payment-line">{paymentLine(a, t)}</dd>
          </div>
          <div>
            <dt>{t('detail.flows')}</dt>
            <dd>{a.flows.map((f) => f.name).join(', ') || '—'}</dd>
          </div>
        </dl>
      </div>
      <div className="detail-header__actions">
        <Link href={`/${orgCode}/edit-assignment/${a._id}`} className="btn btn--secondary">
          ✎ {t('detail.edit')}
        </Link>
        {a.status === 'completed' ? (
          <span className="status-badge status-badge--purple">{t('status.completed')}</span>
        ) : (
          <Button variant="secondary" busy={busy} onClick={() => void pause()}>
            {a.isPaused ? `▶ ${t('detail.resume')}` : `❚❚ ${t('detail.pause')}`}
          </Button>
        )}
        <Menu
          label={t('detail.moreActions')}
          trigger={<span aria-hidden="true">⋯</span>}
          items={[
            {
              key: 'lock',
              label: a.isLocked ? t('detail.unlock') : t('detail.lock'),
              // Lock and Pause both stop answers; the hint says how they differ.
              hint: a.isLocked ? t('detail.unlockHint') : t('detail.lockHint'),
              onSelect: () => void lock(),
            },
          ]}
        />
      </div>
    </header>
  );
}
