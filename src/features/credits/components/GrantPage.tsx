import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http';
import type { TGrant } from '../../../shared/contract/credits';
import { formatDateTime } from '../../../shared/domain/dates';
import { newId } from '../../../shared/domain/ids';
import { creditsChanged } from '../../../ui/credits-signal';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { creditsApi } from '../credits.api';
import { formatAmount } from '../format';
import { GrantForm, type TGrantInput } from './GrantForm';
import '../credits.css';

/**
 * /{orgCode}/credits/admin: operators (ADMIN_EMAILS) add credits to a person's or an organisation's
 * wallet, and see the latest grants. Everyone else is told they cannot.
 */
export default function GrantPage() {
  const { t, i18n } = useTranslation('credits');
  const titleId = useId();
  const [grants, setGrants] = useState<TGrant[] | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'forbidden' | 'failed'>('loading');
  // One key per intended grant: a double click or a retry after a lost answer grants once.
  const [key, setKey] = useState(newId);

  async function load() {
    try {
      setGrants((await creditsApi.grants()).data);
      setState('ready');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 403 ? 'forbidden' : 'failed');
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the latest grants load once, on arrival
  useEffect(() => {
    void load();
  }, []);

  async function grant(input: TGrantInput): Promise<boolean> {
    try {
      const body = input.kind === 'user' ? { email: input.target } : { orgCode: input.target };
      const res = await creditsApi.grant({
        ...body,
        amount: input.amount,
        note: input.note || undefined,
        idempotencyKey: key,
      });
      const d = res.data;
      toastSuccess(
        t('grant.done', {
          amount: formatAmount(d.amount, i18n.language),
          target: d.target.label,
          balance: formatAmount(d.balance, i18n.language),
        }),
      );
      setKey(newId());
      creditsChanged();
      void load();
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '';
      toastError(message || t('grant.failed'), t('grant.failedTitle'));
      return false;
    }
  }

  return (
    <section className="page credits-page" aria-labelledby={titleId}>
      <header className="page__header">
        <div>
          <h1 id={titleId}>{t('grant.title')}</h1>
          <p className="page__lead">{t('grant.lead')}</p>
        </div>
      </header>
      {state === 'loading' && <p>{t('common:loading')}</p>}
      {state === 'forbidden' && (
        <div className="empty-state" role="alert">
          <p>{t('grant.forbidden')}</p>
        </div>
      )}
      {state === 'failed' && <p role="alert">{t('grant.loadFailed')}</p>}
      {state === 'ready' && (
        <>
          <GrantForm onGrant={grant} />
          <section className="credits-section" aria-labelledby={`${titleId}-recent`}>
            <h2 id={`${titleId}-recent`}>{t('grant.recent')}</h2>
            {grants && grants.length === 0 && <p className="credits-section__lead">{t('grant.none')}</p>}
            <ul className="ledger-list">
              {grants?.map((g) => (
                <li key={g._id} className="ledger-row">
                  <div className="ledger-row__what">
                    <span className="ledger-row__reason">{g.target.label}</span>
                    {g.note && <span className="ledger-row__ref">{g.note}</span>}
                    <time className="ledger-row__time" dateTime={g.createdAt}>
                      {formatDateTime(g.createdAt)}
                    </time>
                  </div>
                  <span className="ledger-row__amount is-in">
                    {formatAmount(g.amount, i18n.language, { signed: true })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
