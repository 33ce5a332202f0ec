import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../ui/Button';
import { install, promptInstall } from '../install';

/** Shown only once the browser offers installation (and not in the installed app itself). */
export function InstallButton() {
  const { t } = useTranslation('common');
  const snap = useSnapshot(install);
  if (!snap.available) return null;
  return (
    <Button variant="secondary" size="sm" onClick={() => void promptInstall()} title={t('pwa.installHint')}>
      {t('pwa.install')}
    </Button>
  );
}
