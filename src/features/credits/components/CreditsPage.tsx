import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TBalanceResponse } from '../../../shared/contract/credits';
import { creditsSignal } from '../../../ui/credits-signal';
import { isPersonal, useSpace } from '../../../ui/space';
import { creditsApi } from '../credits.api';
import { formatAmount } from '../format';
import { LedgerPanel } from './LedgerPanel';
import { ModelSettings } from './ModelSettings';
import { MonthlyLimitForm } from './MonthlyLimitForm';
import { UsageBar } from './UsageBar';
import '../credits.css';

type TBalances = TBalanceResponse['data'];

/**
 * /{orgCode}/credits: the wallets of the space, their activity, and for organisation admins the
 * monthly limit and which AI models the organisation offers.
 */
export default function CreditsPage() {
  const { t, i18n } = useTranslation('credits');
  const space = useSpace();
  const { version } = useSnapshot(creditsSignal);
  const [balances, setBalances] = useState<TBalances | null>(null);
  const [failed, setFailed] = useState(false);
  const [isAdmin, setIsAdmin] = useState(false);
  const inOrg = !isPersonal(space.orgId);
  const lng = i18n.language;

  // biome-ignore lint/correctness/useExhaustiveDependencies: space and version are the reload triggers
  useEffect(() => {
    let live = true;
    setFailed(false);
    creditsApi
      .balance()
      .then((res) => live && setBalances(res.data))
      .catch(() => live && setFailed(true));
    // Admins of the organisation may read its ledger; the catalogue says whether they may edit.
    if (inOrg) {
      creditsApi
        .catalogue()
        .then((res) => live && setIsAdmin(res.canEdit))
        .catch(() => live && setIsAdmin(false));
    } else setIsAdmin(false);
    return () => {
      live = false;
    };
  }, [space.orgId, version]);

  return (
    <section className="page credits-page" aria-labelledby="credits-title">
      <header className="page__header">
        <div>
          <h1 id="credits-title">{t('title')}</h1>
          <p className="page__lead">{t('lead')}</p>
        </div>
      </header>
      {failed && !balances && <p role="alert">{t('loadFailed')}</p>}
      <div className="credits-cards">
        <article className="credits-card" aria-labelledby="credits-personal">
          <h2 id="credits-personal">{t('personalWallet')}</h2>
          <div className="credits-card__amount" data-testid="credits-personal">
            {balances ? formatAmount(balances.personal.balance, lng) : '—'}
          </div>
          {balances && balances.personal.held > 0 && (
            <p className="credits-section__lead">
              {t('held', { amount: formatAmount(balances.personal.held, lng) })}
            </p>
          )}
        </article>
        {inOrg && (
          <article className="credits-card" aria-labelledby="credits-org">
            <h2 id="credits-org">{t('orgWallet', { name: space.orgName || space.orgCode })}</h2>
            <div className="credits-card__amount" data-testid="credits-org">
              {balances?.organization ? formatAmount(balances.organization.balance, lng) : '—'}
            </div>
            {balances?.organization && <UsageBar org={balances.organization} />}
          </article>
        )}
      </div>
      <LedgerPanel canSeeOrg={inOrg && isAdmin} />
      {inOrg && isAdmin && balances?.organization && (
        <MonthlyLimitForm
          current={balances.organization.monthlyLimit}
          onSaved={(org) => setBalances({ ...balances, organization: org })}
        />
      )}
      {inOrg && isAdmin && <ModelSettings />}
    </section>
  );
}
