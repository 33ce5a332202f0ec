import { useTranslation } from 'react-i18next';
import type { TLedgerEntry } from '../../../shared/contract/credits';
import { CREDIT_REASONS } from '../../../shared/contract/credits';
import { formatDateTime } from '../../../shared/domain/dates';
import { formatAmount } from '../format';

const KNOWN = new Set<string>(CREDIT_REASONS);

/** One movement: what it was, when, the signed amount and the balance after it. */
export function LedgerRow({ entry }: { entry: TLedgerEntry }) {
  const { t, i18n } = useTranslation('quickBalance');
  const lng = i18n.language;
  const what = KNOWN.has(entry.reason) ? t(`reasons.${entry.reason}`) : entry.reason;
  return (
    <li className="ledger-row">
      <div className="ledger-row__what">
        <span className="ledger-row__reason">{what}</span>
        {entry.apiKeyName ? (
          // The key by its name, never its internal `apiKey:<id>` reference.
          <span className="ledger-row__ref">{t('apiKeyRef', { name: entry.apiKeyName })}</span>
        ) : (
          entry.reference && <span className="ledger-row__ref">{entry.reference}</span>
        )}
        <time className="ledger-row__time" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <div className="ledger-row__figures">
        <span className={`ledger-row__amount ${entry.amount < 0 ? 'is-out' : 'is-in'}`}>
          {formatAmount(entry.amount, lng, { signed: true })}
        </span>
        {entry.balanceAfter !== null && (
          <span className="ledger-row__after">
            {t('after', { amount: formatAmount(entry.balanceAfter, lng) })}
          </span>
        )}
      </div>
    </li>
  );
}
