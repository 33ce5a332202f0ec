import { useTranslation } from 'react-i18next';
import type { TOrgBalance } from '../../../shared/contract/credits';
import { formatAmount } from '../format';

/** The organisation's use of its monthly limit, as words and a bar. */
export function UsageBar({ org }: { org: TOrgBalance }) {
  const { t, i18n } = useTranslation('quickBalance');
  const lng = i18n.language;
  const used = formatAmount(org.usedThisMonth, lng);
  if (org.monthlyLimit === null) return <p className="usage-bar__text">{t('monthlyNoLimit', { used })}</p>;
  const share = org.monthlyLimit > 0 ? Math.min(1, org.usedThisMonth / org.monthlyLimit) : 1;
  return (
    <div className="usage-bar">
      <p className="usage-bar__text">{t('monthly', { used, limit: formatAmount(org.monthlyLimit, lng) })}</p>
      <div
        className={`usage-bar__track${share >= 0.9 ? ' is-high' : ''}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-label={t('monthlyLabel')}
      >
        <span className="usage-bar__fill" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
