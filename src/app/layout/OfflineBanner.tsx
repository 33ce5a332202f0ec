import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { online } from '../online';

/** A quiet notice while offline; actions that need the network raise the offline popup instead. */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const snap = useSnapshot(online);
  if (snap.isOnline) return null;
  return (
    <div className="offline-banner" role="status">
      {t('offline.banner')}
    </div>
  );
}
