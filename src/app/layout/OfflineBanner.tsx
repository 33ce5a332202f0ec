import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { outboxState } from '../../ui/outbox-state';
import { space } from '../../ui/space';
import { online } from '../online';
import { storage } from '../storage';
import { OutboxPanel } from './OutboxPanel';
import './offline.css';

/**
 * Quiet notices of the offline layer: offline (with the number of changes waiting), changes the
 * server refused, answers shown from the saved copy, and a device running out of storage. Actions
 * that need the network raise the offline popup instead (api-client).
 */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const net = useSnapshot(online);
  const box = useSnapshot(outboxState);
  const disk = useSnapshot(storage);
  const { orgCode } = useSnapshot(space);
  const [panel, setPanel] = useState(false);

  let main: string | null = null;
  if (!net.isOnline) main = box.size ? t('pwa.offlineWaiting', { count: box.size }) : t('offline.banner');
  else if (box.failed) main = t('pwa.failed', { count: box.failed });
  else if (box.size) main = t('pwa.waiting', { count: box.size });

  return (
    <>
      {(disk.full || disk.nearlyFull || box.storageFull) && (
        <div className="offline-banner offline-banner--alert" role="alert" data-testid="storage-banner">
          {t(disk.full || box.storageFull ? 'pwa.storageFailed' : 'pwa.storageNearlyFull')}{' '}
          <Link href={`/${orgCode}/collections`} className="offline-banner__action">
            {t('pwa.export')}
          </Link>
        </div>
      )}
      {(main || net.stale) && (
        <div
          className={`offline-banner${box.failed ? ' offline-banner--alert' : ''}`}
          role="status"
          data-testid="offline-banner"
        >
          {main && <span>{main}</span>}
          {net.stale && <span className="offline-banner__stale">{t('pwa.stale')}</span>}
          {box.size > 0 && (
            <button type="button" className="offline-banner__action" onClick={() => setPanel(true)}>
              {t('pwa.review')}
            </button>
          )}
        </div>
      )}
      {panel && <OutboxPanel onClose={() => setPanel(false)} />}
    </>
  );
}
