import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TLedgerEntry } from '../../../shared/contract/credits';
import { Button } from '../../../ui/Button';
import { creditsSignal } from '../../../ui/credits-signal';
import { useSpace } from '../../../ui/space';
import { creditsApi, type TWalletName } from '../credits.api';
import { LedgerRow } from './LedgerRow';

/** A wallet's movements, newest first, a page at a time; organisation admins switch wallets. */
export function LedgerPanel({ canSeeOrg }: { canSeeOrg: boolean }) {
  const { t } = useTranslation('credits');
  const space = useSpace();
  const { version } = useSnapshot(creditsSignal);
  const [wallet, setWallet] = useState<TWalletName>('personal');
  const [entries, setEntries] = useState<TLedgerEntry[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [more, setMore] = useState(false);
  const shown: TWalletName = canSeeOrg ? wallet : 'personal';

  // biome-ignore lint/correctness/useExhaustiveDependencies: space and version are reload triggers
  useEffect(() => {
    let live = true;
    setState('loading');
    creditsApi
      .ledger(shown)
      .then((res) => {
        if (!live) return;
        setEntries(res.data);
        setCursor(res.nextCursor);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [shown, space.orgId, version]);

  async function loadMore() {
    if (cursor === null) return;
    setMore(true);
    try {
      const res = await creditsApi.ledger(shown, cursor);
      setEntries((e) => [...e, ...res.data]);
      setCursor(res.nextCursor);
    } catch {
      setState('failed');
    } finally {
      setMore(false);
    }
  }

  return (
    <section className="credits-section" aria-labelledby="credits-activity">
      <h2 id="credits-activity">{t('activity')}</h2>
      {canSeeOrg && (
        <div className="credits-tabs" role="tablist" aria-label={t('activity')}>
          {(['personal', 'organization'] as const).map((w) => (
            <button key={w} type="button" role="tab" aria-selected={shown === w} onClick={() => setWallet(w)}>
              {t(w === 'personal' ? 'personalWallet' : 'orgTab')}
            </button>
          ))}
        </div>
      )}
      {state === 'loading' && <p className="credits-section__lead">{t('common:loading')}</p>}
      {state === 'failed' && <p role="alert">{t('activityFailed')}</p>}
      {state === 'ready' && entries.length === 0 && (
        <p className="credits-section__lead">{t('noActivity')}</p>
      )}
      {entries.length > 0 && (
        <ul className="ledger-list" data-testid="ledger">
          {entries.map((e) => (
            <LedgerRow key={e._id} entry={e} />
          ))}
        </ul>
      )}
      {cursor !== null && state === 'ready' && (
        <Button variant="secondary" busy={more} onClick={() => void loadMore()}>
          {t('loadMore')}
        </Button>
      )}
    </section>
  );
}
