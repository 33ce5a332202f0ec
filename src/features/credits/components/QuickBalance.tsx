import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { creditsSignal } from '../../../ui/credits-signal';
import { isPersonal, useSpace } from '../../../ui/space';
import { loadBalance, quick } from '../credits.store';
import { formatAmount, formatShort } from '../format';
import '../credits.css';
import { BalancePopover } from './BalancePopover';

/**
 * The navbar's credit balance (spec 01 §9 quickBalance): the current space's wallet, refreshed when
 * the space changes, after every spend (creditsSignal), when the tab comes back into view, and shown
 * as the last known figure with its time when the server cannot be reached.
 */
export function QuickBalance({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('quickBalance');
  const space = useSpace();
  const snap = useSnapshot(quick);
  const { version } = useSnapshot(creditsSignal);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const inOrg = !isPersonal(space.orgId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refresh trigger itself
  useEffect(() => {
    if (userId) void loadBalance(userId, space.orgId);
  }, [userId, space.orgId, version]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && userId) void loadBalance(userId, space.orgId);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
    };
  }, [userId, space.orgId]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const wallet = inOrg ? snap.balances?.organization : snap.balances?.personal;
  const amount = wallet?.balance;
  const lng = i18n.language;
  const short = amount === undefined ? '' : formatShort(amount, lng);
  const full = amount === undefined ? '' : formatAmount(amount, lng);
  // A compact figure on screen ("10K") must be part of the button's name too (WCAG 2.5.3, label in name).
  const label =
    amount === undefined
      ? t('title')
      : short === full
        ? t('buttonLabel', { amount: full })
        : `${short} ${t('credits')}, ${t('buttonLabel', { amount: full })}`;
  const empty = amount !== undefined && amount <= 0;
  return (
    <div className="quick-balance" ref={root}>
      <button
        type="button"
        className={`quick-balance__button${empty ? ' is-empty' : ''}${snap.stale ? ' is-stale' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        title={label}
        data-testid="quick-balance"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="quick-balance__coin" aria-hidden="true">
          ◎
        </span>
        <span className="quick-balance__amount">{amount === undefined ? '—' : short}</span>{' '}
        <span className="quick-balance__unit">{t('credits')}</span>
      </button>
      {open && (
        <BalancePopover
          id={panelId}
          inOrg={inOrg}
          orgCode={space.orgCode}
          onClose={() => setOpen(false)}
          retry={() => void loadBalance(userId, space.orgId)}
        />
      )}
    </div>
  );
}
