import { useTranslation } from 'react-i18next';
import type { TTaskUsageRow } from '../../../shared/contract/automation';
import { formatDateTime } from '../../../shared/domain/dates';

/** The task's usage table (spec 03 §2): Last used Date, API Key Used, Total Credits Used. */
export function UsageTable(props: { rows: TTaskUsageRow[] | null; orgCode: string }) {
  const { t, i18n } = useTranslation('task');
  const credits = (v: number) =>
    t('detail.credits', {
      amount: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(v),
    });
  return (
    <table className="usage-table">
      <thead>
        <tr>
          <th scope="col">{t('detail.lastUsed')}</th>
          <th scope="col">{t('detail.keyUsed')}</th>
          <th scope="col">{t('detail.creditsUsed')}</th>
        </tr>
      </thead>
      <tbody>
        {!props.rows ? (
          <tr>
            <td colSpan={3}>{t('detail.loadingRows')}</td>
          </tr>
        ) : props.rows.length === 0 ? (
          <tr>
            <td colSpan={3}>{t('detail.noUsage')}</td>
          </tr>
        ) : (
          props.rows.map((r) => (
            <tr key={`${r.date}:${r.apiKey}`} data-testid="usage-row">
              <td>{formatDateTime(r.lastUsedAt)}</td>
              <td>
                <code>{r.apiKeyDisplay}</code> {r.apiKeyName}{' '}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={t('detail.openKey', { name: r.apiKeyName })}
                  onClick={() =>
                    window.open(
                      `/editor/${props.orgCode}/automation/api-key-activity/${r.apiKey}`,
                      '_blank',
                      'noopener',
                    )
                  }
                >
                  ↗
                </button>
              </td>
              <td>{r.creditsUsed ? credits(r.creditsUsed) : '–'}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
